"""rbteach.rotation: Euler angles in all 12 sequences (intrinsic and extrinsic), their angle-rate ↔ ω
maps, and align_vectors (Wahba's problem). SciPy's Rotation is the oracle; finite differences of
R(angles(t)) check the rate maps."""

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st
from hypothesis.extra import numpy as hnp
from scipy.spatial.transform import Rotation

from rbteach import quaternion as Q
from rbteach import rotation as Rot

SETTINGS = settings(max_examples=40, deadline=None)

LOWER = [a + b + c for a in "xyz" for b in "xyz" for c in "xyz" if a != b and b != c]
SEQS = LOWER + [s.upper() for s in LOWER]            # 12 extrinsic + 12 intrinsic
TAIT_BRYAN = [s for s in SEQS if s[0].lower() != s[2].lower()]
PROPER = [s for s in SEQS if s[0].lower() == s[2].lower()]
assert len(LOWER) == 12 and len(TAIT_BRYAN) == 12 and len(PROPER) == 12

angle = st.floats(-np.pi, np.pi)
angles3 = hnp.arrays(float, 3, elements=angle)
rate3 = hnp.arrays(float, 3, elements=st.floats(-5.0, 5.0))
vec = hnp.arrays(float, 3, elements=st.floats(-10.0, 10.0))
seqs = st.sampled_from(SEQS)


def middle_measure(angles, seq):
    """|cos b| (Tait–Bryan) or |sin b| (proper Euler): the distance from gimbal lock."""
    b = angles[..., 1]
    return np.abs(np.cos(b) if seq[0].lower() != seq[2].lower() else np.sin(b))


def wrap(x):
    return np.angle(np.exp(1j * x))


# --- euler_to_matrix / matrix_to_euler -------------------------------------------------------

@SETTINGS
@given(seqs, angles3)
def test_euler_to_matrix_is_scipys_from_euler(seq, angles):
    np.testing.assert_allclose(Rot.euler_to_matrix(angles, seq), Rotation.from_euler(seq, angles).as_matrix(),
                               atol=1e-14)


@SETTINGS
@given(seqs, angles3)
def test_matrix_to_euler_round_trip_and_scipys_angles(seq, angles):
    R = Rot.euler_to_matrix(angles, seq)
    got = Rot.matrix_to_euler(R, seq)
    np.testing.assert_allclose(Rot.euler_to_matrix(got, seq), R, atol=1e-14)       # everywhere, lock too
    # ranges: outer angles in (−π, π], the middle one in [−π/2, π/2] or [0, π]
    assert np.all(got[[0, 2]] > -np.pi) and np.all(got[[0, 2]] <= np.pi)
    if seq in TAIT_BRYAN:
        assert -np.pi / 2 <= got[1] <= np.pi / 2
    else:
        assert 0.0 <= got[1] <= np.pi
    if middle_measure(angles, seq) > 1e-6:                           # away from lock: SciPy's angles
        np.testing.assert_allclose(wrap(got - Rotation.from_matrix(R).as_euler(seq)), 0.0, atol=1e-9)


@pytest.mark.parametrize("seq", SEQS)
def test_gimbal_lock_is_exact_and_zeros_the_third_angle(seq):
    """As SciPy does, for intrinsic and extrinsic sequences alike (tests/test_rotation_lock.py compares)."""
    b_lock = [np.pi / 2, -np.pi / 2] if seq in TAIT_BRYAN else [0.0, np.pi]
    for b in b_lock:
        for delta in (0.0, 1e-15, 1e-9, -1e-7):
            angles = np.array([0.7, b + delta, -2.1])
            R = Rot.euler_to_matrix(angles, seq)
            got = Rot.matrix_to_euler(R, seq)
            np.testing.assert_allclose(Rot.euler_to_matrix(got, seq), R, atol=1e-13)
            if delta == 0.0:
                assert got[2] == 0.0


def test_intrinsic_is_the_reversed_extrinsic():
    rng = np.random.default_rng(5)
    angles = rng.uniform(-np.pi, np.pi, (7, 3))
    for s in LOWER:
        np.testing.assert_allclose(Rot.euler_to_matrix(angles, s.upper()),
                                   Rot.euler_to_matrix(angles[:, ::-1], s[::-1]), atol=1e-15)
    # the aerospace case named in the notebook: intrinsic ZYX = extrinsic xyz with the same angles
    # (yaw, pitch, roll) read in the reversed order
    np.testing.assert_allclose(Rot.euler_to_matrix(angles, "ZYX"), Rot.euler_to_matrix(angles[:, ::-1], "xyz"),
                               atol=1e-15)
    # and NOT the same angles in the same order (the classic mistake)
    assert np.abs(Rot.euler_to_matrix(angles, "ZYX") - Rot.euler_to_matrix(angles, "zyx")).max() > 0.1


def test_elementary_and_order():
    """ZYX = Rz(a) Ry(b) Rx(c): the first letter is the leftmost factor."""
    a, b, c = 0.4, -0.3, 1.1
    Rz = Q.to_matrix(Q.from_axis_angle([0, 0, 1], a))
    Ry = Q.to_matrix(Q.from_axis_angle([0, 1, 0], b))
    Rx = Q.to_matrix(Q.from_axis_angle([1, 0, 0], c))
    np.testing.assert_allclose(Rot.euler_to_matrix([a, b, c], "ZYX"), Rz @ Ry @ Rx, atol=1e-15)
    np.testing.assert_allclose(Rot.euler_to_matrix([a, b, c], "zyx"), Rx @ Ry @ Rz, atol=1e-15)
    Rz2 = Q.to_matrix(Q.from_axis_angle([0, 0, 1], c))
    Rx1 = Q.to_matrix(Q.from_axis_angle([1, 0, 0], b))
    np.testing.assert_allclose(Rot.euler_to_matrix([a, b, c], "ZXZ"), Rz @ Rx1 @ Rz2, atol=1e-15)


@SETTINGS
@given(hnp.arrays(float, (2, 3, 3), elements=angle))
def test_zyx_wrappers_are_the_general_functions(angles):
    R = Rot.euler_to_matrix(angles, "ZYX")
    np.testing.assert_array_equal(Rot.euler_zyx_to_matrix(angles[..., 0], angles[..., 1], angles[..., 2]), R)
    yaw, pitch, roll = Rot.matrix_to_euler_zyx(R)
    np.testing.assert_array_equal(np.stack([yaw, pitch, roll], -1), Rot.matrix_to_euler(R, "ZYX"))


def test_vectorised_shapes():
    rng = np.random.default_rng(1)
    angles = rng.uniform(-3, 3, (4, 5, 3))
    for seq in ("ZYX", "zxz", "YXY"):
        R = Rot.euler_to_matrix(angles, seq)
        assert R.shape == (4, 5, 3, 3)
        assert Rot.matrix_to_euler(R, seq).shape == (4, 5, 3)
        np.testing.assert_allclose(R[2, 3], Rot.euler_to_matrix(angles[2, 3], seq), atol=0)
        rates = rng.normal(size=(5, 3))                      # broadcasts against (4, 5)
        w = Rot.euler_rates_to_omega_body(angles, rates, seq)
        assert w.shape == (4, 5, 3)
        np.testing.assert_allclose(w[1, 2], Rot.euler_rates_to_omega_body(angles[1, 2], rates[2], seq), atol=1e-15)
        back = Rot.omega_body_to_euler_rates(angles, w, seq)
        np.testing.assert_allclose(back, np.broadcast_to(rates, back.shape), atol=1e-9)
        assert Rot.euler_rates_to_omega_world(angles, rates, seq).shape == (4, 5, 3)


@pytest.mark.parametrize("bad", ["ZYZX", "ZY", "ZZX", "XYY", "ZyX", "abc", "", "ZYW", 3, None, ["Z", "Y", "X"], b"ZYX"])
def test_bad_sequences_name_seq(bad):
    for call in (lambda: Rot.euler_to_matrix([0.1, 0.2, 0.3], bad), lambda: Rot.matrix_to_euler(np.eye(3), bad),
                 lambda: Rot.euler_rates_to_omega_body([0.1, 0.2, 0.3], [1, 2, 3], bad)):
        with pytest.raises(ValueError, match="seq"):
            call()


# --- angle rates ↔ ω ------------------------------------------------------------------------

def _finite_difference_omega(angles, rates, seq, h=1e-6):
    """ω_body and ω_world from R(angles + rates t) by central differences: [ω_body]× = Rᵀ Ṙ."""
    R = Rot.euler_to_matrix(angles, seq)
    Rdot = (Rot.euler_to_matrix(angles + h * rates, seq) - Rot.euler_to_matrix(angles - h * rates, seq)) / (2 * h)
    W_body, W_world = R.T @ Rdot, Rdot @ R.T
    vee = lambda W: np.array([W[2, 1], W[0, 2], W[1, 0]])  # noqa: E731
    np.testing.assert_allclose(W_body, -W_body.T, atol=1e-8)         # skew: R stays a rotation
    return vee(W_body), vee(W_world)


@SETTINGS
@given(seqs, angles3, rate3)
def test_rates_to_omega_match_finite_differences(seq, angles, rates):
    w_body_fd, w_world_fd = _finite_difference_omega(angles, rates, seq)
    w_body = Rot.euler_rates_to_omega_body(angles, rates, seq)
    w_world = Rot.euler_rates_to_omega_world(angles, rates, seq)
    np.testing.assert_allclose(w_body, w_body_fd, atol=1e-7)
    np.testing.assert_allclose(w_world, w_world_fd, atol=1e-7)
    np.testing.assert_allclose(w_world, Rot.euler_to_matrix(angles, seq) @ w_body, atol=1e-13)


@SETTINGS
@given(seqs, angles3, rate3, vec)
def test_omega_to_rates_is_the_inverse(seq, angles, rates, omega_body):
    assume(middle_measure(angles, seq) > 1e-3)
    back = Rot.omega_body_to_euler_rates(angles, Rot.euler_rates_to_omega_body(angles, rates, seq), seq)
    np.testing.assert_allclose(back, rates, atol=1e-9)
    there = Rot.euler_rates_to_omega_body(angles, Rot.omega_body_to_euler_rates(angles, omega_body, seq), seq)
    np.testing.assert_allclose(there, omega_body, atol=1e-9 * (1 + np.abs(omega_body).max()))


def test_zyx_rate_matrix_in_closed_form():
    psi, th, ph = 0.3, -0.8, 1.9
    rates = np.array([0.7, -1.1, 0.4])
    J = np.array([[-np.sin(th), 0, 1],
                  [np.cos(th) * np.sin(ph), np.cos(ph), 0],
                  [np.cos(th) * np.cos(ph), -np.sin(ph), 0]])
    np.testing.assert_allclose(Rot.euler_rates_to_omega_body([psi, th, ph], rates, "ZYX"), J @ rates, atol=1e-15)
    Jw = np.array([[0, -np.sin(psi), np.cos(psi) * np.cos(th)],
                   [0, np.cos(psi), np.sin(psi) * np.cos(th)],
                   [1, 0, -np.sin(th)]])
    np.testing.assert_allclose(Rot.euler_rates_to_omega_world([psi, th, ph], rates, "ZYX"), Jw @ rates, atol=1e-15)
    w = np.array([0.3, -0.7, 1.2])
    Jinv = np.array([[0, np.sin(ph) / np.cos(th), np.cos(ph) / np.cos(th)],
                     [0, np.cos(ph), -np.sin(ph)],
                     [1, np.sin(ph) * np.tan(th), np.cos(ph) * np.tan(th)]])
    np.testing.assert_allclose(Rot.omega_body_to_euler_rates([psi, th, ph], w, "ZYX"), Jinv @ w, atol=1e-14)


@pytest.mark.parametrize("seq", SEQS)
def test_rate_map_determinant_is_cos_or_sin_of_the_middle_angle(seq):
    rng = np.random.default_rng(7)
    angles = rng.uniform(-3, 3, (20, 3))
    J = np.stack([Rot.euler_rates_to_omega_body(angles, e, seq) for e in np.eye(3)], axis=-1)
    expected = middle_measure(angles, seq)
    np.testing.assert_allclose(np.abs(np.linalg.det(J)), expected, atol=1e-13)


@pytest.mark.parametrize("seq", SEQS)
def test_gimbal_lock_refused_naming_angles(seq):
    b = np.pi / 2 if seq in TAIT_BRYAN else np.pi
    with pytest.raises(ValueError, match="angles") as info:
        Rot.omega_body_to_euler_rates([0.3, b, 0.2], [1.0, 2.0, 3.0], seq)
    assert "gimbal lock" in str(info.value)
    with pytest.raises(ValueError, match=r"angles\[1\]"):                       # the batch index named
        Rot.omega_body_to_euler_rates([[0.3, 0.5, 0.2], [0.3, b, 0.2]], [1.0, 2.0, 3.0], seq)
    # just off lock it answers, with rates that grow like 1/cos b: finite, and mapping back
    near = np.array([0.3, b - 1e-6, 0.2])
    r = Rot.omega_body_to_euler_rates(near, [1.0, 2.0, 3.0], seq)
    assert np.all(np.isfinite(r)) and np.abs(r).max() > 1e4
    np.testing.assert_allclose(Rot.euler_rates_to_omega_body(near, r, seq), [1.0, 2.0, 3.0], atol=1e-6)


# --- align_vectors (Wahba's problem) ---------------------------------------------------------

unit_quat = (hnp.arrays(float, 4, elements=st.floats(-1, 1)).filter(lambda q: np.linalg.norm(q) > 1e-2)
             .map(lambda q: q / np.linalg.norm(q)))
body_vectors = hnp.arrays(float, (4, 3), elements=st.floats(-5, 5))


def _spread(b):
    """The second singular value of the vectors: > 0 when they hold two non-parallel directions."""
    return np.linalg.svd(b, compute_uv=False)[1]


@SETTINGS
@given(unit_quat, body_vectors)
def test_align_vectors_recovers_the_rotation_exactly_without_noise(q, b):
    assume(_spread(b) > 1e-2)
    a = Q.rotate(q, b)
    got = Rot.align_vectors(a, b)
    assert Q.angle_between(got, q) < 1e-7
    assert got[0] >= 0                                            # canonical
    np.testing.assert_allclose(Q.rotate(got, b), a, atol=1e-7 * (1 + np.abs(b).max()))


@SETTINGS
@given(unit_quat, body_vectors, hnp.arrays(float, (4, 3), elements=st.floats(-0.5, 0.5)),
       hnp.arrays(float, 4, elements=st.floats(0.1, 3.0)))
def test_align_vectors_is_scipys_with_noise_and_weights(q, b, noise, w):
    assume(_spread(b) > 0.1)
    a = Q.rotate(q, b) + noise
    # Noise can leave the best rotation (nearly) undetermined: Markley's test s₂ + d s₃ > 0 on
    # B = Σ w a bᵀ. Those data are refused (tested elsewhere); here compare only where it is unique.
    U, sig, Vt = np.linalg.svd(np.einsum("n,ni,nj->ij", w, a, b))
    d = np.sign(np.linalg.det(U) * np.linalg.det(Vt))
    assume(sig[1] + d * sig[2] > 1e-2 * sig[0])
    got = Rot.align_vectors(a, b, w)
    ref = Q.from_xyzw(Rotation.align_vectors(a, b, w)[0].as_quat())
    assert Q.angle_between(got, ref) < 1e-8
    # and it is the minimum: a nearby rotation has a larger loss
    loss = lambda qq: np.sum(w * np.sum((a - Q.rotate(qq, b)) ** 2, axis=-1))  # noqa: E731
    for axis in np.eye(3):
        for s in (1e-3, -1e-3):
            assert loss(Q.multiply(Q.from_axis_angle(axis, s), got)) >= loss(got) - 1e-12


def test_align_vectors_sign_correction_never_returns_a_reflection():
    """Data that a reflection fits best: B has det < 0; d = −1 turns U Vᵀ into a rotation."""
    b = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 1.0, 0.0]])
    a = b * np.array([1.0, 1.0, -1.0]) * np.array([[1.0], [2.0], [0.5], [1.0]])      # mirrored in z
    U, s, Vt = np.linalg.svd(np.einsum("ni,nj->ij", a, b))
    assert np.linalg.det(U @ Vt) < 0
    got = Rot.align_vectors(a, b)
    R = Q.to_matrix(got)
    assert np.linalg.det(R) > 0.999
    ref = Q.from_xyzw(Rotation.align_vectors(a, b)[0].as_quat())
    assert Q.angle_between(got, ref) < 1e-8


def test_align_vectors_noise_robustness():
    """Gravity + magnetic field with noise: the error shrinks like the noise (≈ σ/|v| radians)."""
    rng = np.random.default_rng(11)
    g = np.array([0.0, 0.0, 9.81])
    m = 46.0 * np.array([0.0, np.cos(np.radians(49)), -np.sin(np.radians(49))])
    a = np.stack([g, m])
    errs = {}
    for scale in (1e-3, 1e-2):
        sig = scale * np.array([9.81, 46.0])                         # relative noise `scale` per sensor
        q_true = Q.canonical(Q.from_xyzw(Rotation.random(200, random_state=3).as_quat()))
        b = Q.rotate(Q.conjugate(q_true)[:, None, :], a) + rng.normal(size=(200, 2, 3)) * sig[:, None]
        got = Rot.align_vectors(a, b, 1.0 / sig ** 2)
        errs[scale] = np.degrees(Q.angle_between(got, q_true))
        assert np.all(errs[scale] < np.degrees(8 * scale))          # never more than a few σ
    ratio = np.median(errs[1e-2]) / np.median(errs[1e-3])
    assert 7 < ratio < 14                                           # error ∝ noise


def test_align_vectors_scale_invariance_and_batch():
    rng = np.random.default_rng(4)
    b = rng.normal(size=(3, 5, 3))
    q = Q.from_xyzw(Rotation.random(3, random_state=9).as_quat())
    a = Q.rotate(q[:, None, :], b) + 0.01 * rng.normal(size=(3, 5, 3))
    w = rng.uniform(0.5, 2, (3, 5))
    got = Rot.align_vectors(a, b, w)
    assert got.shape == (3, 4)
    for n in range(3):
        np.testing.assert_allclose(got[n], Rot.align_vectors(a[n], b[n], w[n]), atol=1e-14)
    np.testing.assert_allclose(Rot.align_vectors(1e200 * a, 1e-200 * b, 1e300 * w), got, atol=1e-13)
    np.testing.assert_allclose(Rot.align_vectors(a[0], b[0]), Rot.align_vectors(a[0], b[0], np.ones(5)), atol=0)


@pytest.mark.parametrize("case", ["one pair", "parallel pairs", "gravity alone twice", "zero weights",
                                  "only one weighted", "zero vectors"])
def test_align_vectors_refuses_data_that_do_not_fix_a_rotation(case):
    g = np.array([0.0, 0.0, 9.81])
    m = np.array([0.0, 30.0, -35.0])
    a, b, w = np.stack([g, m]), np.stack([g, m]), None
    if case == "one pair":
        a, b = a[:1], b[:1]
    elif case == "parallel pairs":
        a, b = np.stack([g, -2 * g]), np.stack([g, -2 * g])
    elif case == "gravity alone twice":
        a, b = np.stack([g, g]), np.stack([g + [0, 0, 1e-14], g])
    elif case == "zero weights":
        w = [0.0, 0.0]
    elif case == "only one weighted":
        w = [1.0, 0.0]
    elif case == "zero vectors":
        a = np.zeros((2, 3))
    with pytest.raises(ValueError, match="vectors_world") as info:
        Rot.align_vectors(a, b, w)
    if w is not None:
        assert "weights" in str(info.value)


def test_align_vectors_bad_shapes():
    with pytest.raises(ValueError, match="same number"):
        Rot.align_vectors(np.ones((3, 3)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="weights"):
        Rot.align_vectors(np.eye(3), np.eye(3), [1.0, 2.0])
    with pytest.raises(ValueError, match="weights"):
        Rot.align_vectors(np.eye(3), np.eye(3), [1.0, -2.0, 1.0])
    with pytest.raises(ValueError, match="vectors_body"):
        Rot.align_vectors(np.eye(3), [1.0, 0.0, 0.0])
