"""The attitude player's Python side: SLERP between samples, validated arguments, a self-contained
HTML block (nothing from the internet) with a poster for places that run no script."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from rbteach import quaternion as Q
from rbteach.player import attitude_player, slerp_samples


def _constant_rate(t, omega=(0.3, -0.2, 0.9)):
    return Q.from_rotation_vector(np.outer(t, omega))


def test_slerp_is_exact_for_a_constant_rate_rotation_and_hits_the_samples():
    t = np.linspace(0.0, 10.0, 41)
    q = _constant_rate(t)
    tq = np.linspace(0.0, 10.0, 997)
    got = slerp_samples(t, q, tq)
    want = _constant_rate(tq)
    assert np.abs(Q.angle_between(got, want)).max() < 1e-12      # a constant rate is a geodesic
    np.testing.assert_allclose(slerp_samples(t, q, t), q, atol=1e-14)
    np.testing.assert_allclose(Q.norm(got), 1.0, atol=1e-15)


def test_slerp_takes_the_short_way_across_the_double_cover():
    t = np.array([0.0, 1.0])
    q = _constant_rate(t)
    q[1] *= -1                                                   # same attitude, other sign
    mid = slerp_samples(t, q, [0.5])[0]
    assert Q.angle_between(mid, _constant_rate([0.5])[0]) < 1e-12


def test_player_html_is_self_contained_with_a_poster_and_the_data():
    t = np.linspace(0.0, 5.0, 51)
    pl = attitude_player(t, _constant_rate(t), vectors_world={"L": [0.0, 0.0, 1.0]}, title="demo")
    bundle = pl._repr_mimebundle_()
    html = bundle["text/html"]
    assert set(bundle) == {"text/html", "image/png", "text/plain"}
    assert bundle["image/png"].startswith("iVBOR")                # the poster, for GitHub and untrusted views
    assert "data:image/png;base64," in html and "rbteach-player-canvas" in html
    assert not re.search(r"(src|href)=[\"']?(https?:)?//", html), "nothing may load from the internet"
    data = json.loads(re.search(r'class="rbteach-player-data">(.*?)</script>', html, re.S).group(1))
    assert len(data["t"]) == 51 and np.allclose(Q.norm(np.array(data["q"])), 1.0)
    assert data["vectors"][0]["label"] == "L" and "0x" not in bundle["text/plain"]


@pytest.mark.parametrize("kw, word", [
    ({"t": [0.0]}, "t"), ({"t": [0.0, 0.0, 1.0]}, "t"), ({"q": np.ones((3, 4))}, "q"),
    ({"length": -1.0}, "length"), ({"size": 50}, "size"), ({"trace_axis": 3}, "trace_axis"),
    ({"vectors_world": {"L": np.ones((2, 3))}}, "vectors_world"), ({"body_edges": np.ones((3, 3))}, "body_edges"),
    ({"speed": 0.0}, "speed"), ({"t": [0.0, np.nan, 2.0]}, "t"),
])
def test_bad_arguments_name_themselves(kw, word):
    t = np.linspace(0.0, 1.0, 5)
    args = {"t": t, "q": _constant_rate(t)}
    if "t" in kw and "q" not in kw:
        args["q"] = _constant_rate(np.arange(len(kw["t"])))
    args.update(kw)
    with pytest.raises(ValueError, match=word):
        attitude_player(**{k: v for k, v in args.items() if k in ("t", "q")},
                        **{k: v for k, v in args.items() if k not in ("t", "q")})
