// rbteach/solids.js: the page's half of rbteach/solids.py, in one place for every page that draws a
// solid body: the attitude player (rbteach/player.py pastes it into its script) and the live
// explorers (rbteach/explorers/live.py's page_module() puts it before live.js; the website's
// rbteach-live.js is the same text). Plain function declarations, no import or export, so that it
// works pasted into a classic script or an ES module.
//
// A body is a list of flat faces (polygons of [x, y, z] world points, counter-clockwise seen from
// outside). For a view whose unit vectors are r (right), u (up) and v = r × u (towards the viewer)
// and a light l fixed to the viewer (rbteach.solids.light_direction), rbteach.solids.painter_order:
//   * the unit normal n of each face by Newell's method, n ∝ Σ p_i × p_{i+1};
//   * back faces culled: a face with n · v ≤ 0 is turned away (on a closed body) and not drawn;
//   * Lambert's shade k = AMBIENT + (1 − AMBIENT) max(0, n · l), n turned towards the viewer for a
//     face seen from behind (an open surface);
//   * the painter's order: farthest first by the centroid's depth c · v (ties by the face's index).

const SOLID_AMBIENT = 0.4;                       // rbteach.solids.AMBIENT

// The view's right, up and towards-the-viewer vectors and the light, for Matplotlib's elev/azim
// (degrees), as rbteach.player._camera and rbteach.solids.light_direction.
function solidCamera(elevDeg, azimDeg) {
  const e = elevDeg * Math.PI / 180, a = azimDeg * Math.PI / 180;
  const r = [-Math.sin(a), Math.cos(a), 0];
  const u = [-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a), Math.cos(e)];
  const v = [r[1] * u[2] - r[2] * u[1], r[2] * u[0] - r[0] * u[2], r[0] * u[1] - r[1] * u[0]];
  const l = [0, 1, 2].map((i) => -0.35 * r[i] + 0.6 * u[i] + 0.72 * v[i]), nl = Math.hypot(l[0], l[1], l[2]);
  return { r, u, v, l: l.map((x) => x / nl) };
}

// The faces drawn and how: [[depth, index, shade], ...], farthest first (painter_order).
function solidOrder(polys, toward, light, cull) {
  const seen = [];
  for (let k = 0; k < polys.length; k++) {
    const f = polys[k], m = f.length;
    let nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0;
    for (let i = 0; i < m; i++) {
      const p = f[i], q = f[(i + 1) % m];
      nx += p[1] * q[2] - p[2] * q[1]; ny += p[2] * q[0] - p[0] * q[2]; nz += p[0] * q[1] - p[1] * q[0];
      cx += p[0]; cy += p[1]; cz += p[2];
    }
    const nn = Math.hypot(nx, ny, nz);
    if (!(nn > 0)) continue;                       // no area: nothing to draw
    nx /= nn; ny /= nn; nz /= nn;
    const facing = nx * toward[0] + ny * toward[1] + nz * toward[2];
    if (cull && !(facing > 0)) continue;
    const s = facing < 0 ? -1 : 1;
    const lit = s * (nx * light[0] + ny * light[1] + nz * light[2]);
    seen.push([(cx * toward[0] + cy * toward[1] + cz * toward[2]) / m, k, SOLID_AMBIENT + (1 - SOLID_AMBIENT) * Math.max(0, lit)]);
  }
  seen.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return seen;
}

// "#rrggbb" as [r, g, b] (0-255).
function solidRgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

// Fill the faces `seen` (solidOrder's) of `polys` with their colours `rgb[k]` times their shade;
// `project(p)` gives a world point's [X, Y] on the canvas. Each face is also stroked in its own
// colour (a thin line), so that no background shows through the seams between neighbours.
function solidFill(g, polys, rgb, seen, project) {
  g.setLineDash([]); g.lineJoin = "round"; g.globalAlpha = 1;
  for (const [, k, shade] of seen) {
    const col = `rgb(${rgb[k].map((c) => Math.round(c * shade)).join(",")})`;
    g.fillStyle = col; g.strokeStyle = col; g.lineWidth = 0.6;
    g.beginPath();
    polys[k].forEach((p, i) => { const a = project(p); if (i) g.lineTo(a[0], a[1]); else g.moveTo(a[0], a[1]); });
    g.closePath(); g.fill(); g.stroke();
  }
}
