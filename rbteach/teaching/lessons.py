"""The teacher's lesson plans: one 50-minute lesson per notebook, in words (the prose of the teacher's pages).

This module holds **only prose and the minutes of each plan**. Every number a teacher reads on a
page (an exercise's answer, a prediction's deciding values, a reading time) is filled in by
:mod:`rbteach.teaching.pages` from rbteach or from the notebooks; the prose refers to them through
placeholders, and ``tests/test_teacher_pages.py`` scans the strings below for digits outside them:

* ``{section:Words of a heading}``: the notebook's section whose heading contains these words
  (:func:`rbteach.teaching.core_path.sections`); the page prints its heading and whether it is core
  or "going further";
* ``{notebook:NN}``: the title of notebook NN (e.g. "07 Torque-free Euler");
* ``{exercise:check_name}``: the exercise checked by ``nbNN_ex.check_name``; the page prints its
  number and what it asks.

A :class:`Step` is one stretch of the lesson (from ``start`` to ``end`` minutes): what to project and
say, and optionally ``predict``, the explorer or player whose prediction to pose there (``"nb07"``
or ``"player"``, the :attr:`~rbteach.teaching.predictions.Prediction.target`), with ``ask``, the
question to ask after the class has watched it. The plans follow the predict–observe–explain cycle
of PhET's teacher activities: commit to an answer, watch, then explain the difference.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Step", "Lesson", "LESSONS", "LESSON_MINUTES"]

#: The length of one lesson (minutes): every plan covers it exactly.
LESSON_MINUTES = 50


@dataclass(frozen=True)
class Step:
    """One stretch of a lesson, from ``start`` to ``end`` (minutes after the bell)."""

    start: int
    end: int
    text: str
    predict: str | None = None
    ask: str | None = None


@dataclass(frozen=True)
class Lesson:
    """A notebook's lesson: who it is for, what to prepare, and its steps."""

    notebook: str
    audience: str
    prepare: str
    steps: tuple[Step, ...]
    homework: str


LESSONS = {
    "00": Lesson(
        "00",
        "Any first course in rigid-body dynamics or simulation, in its first week; it needs vectors and matrices, "
        "not yet quaternions.",
        "Open the notebook after Run All so that every figure is there. Have the conventions card ready to "
        "hand out: the rest of the course leans on it.",
        (
            Step(0, 8, "Project {section:Why a conventions card}: the same four numbers read by three libraries "
                       "give three different rotations. Ask the class which one they would have guessed."),
            Step(8, 20, "Walk through {section:The conventions card} line by line: scalar first, active "
                        "rotations, body → world. Each line is asserted in code; run one assert live."),
            Step(20, 32, "Project the explorer of {section:Explorer}. Pose the prediction before anyone touches "
                         "the slider, take a show of hands, then drag.",
                 predict="nb00",
                 ask="The quaternion's components changed at half the rate of the angle. Why does a quaternion "
                     "carry half the angle, and what does that say about q and −q?"),
            Step(32, 44, "Students do {exercise:check_xyzw_conversion} and {exercise:check_composition} in pairs. "
                         "Walk round: the composition order is where most go wrong."),
            Step(44, 50, "Show {section:Pitfalls}: pick the scalar-last pitfall and ask which line of the card "
                         "would have caught it."),
        ),
        "{exercise:check_body_to_world}, and read the notation table.",
    ),
    "01": Lesson(
        "01",
        "A first course, after the centre of mass; it needs integrals in several coordinates.",
        "Bring two objects of equal mass and size but different shapes (a ruler and a book) to pass round.",
        (
            Step(0, 6, "Project {section:Same mass, same size}: the two bodies spin up differently. Pass the "
                       "objects round and let students feel the difference before any formula."),
            Step(6, 18, "Derive the tensor in {section:The tensor as a volume integral}; stop at the minus sign "
                        "of the products and ask where it comes from before showing it."),
            Step(18, 28, "Work {section:The parallel-axis theorem} on the board with the rod about its end, "
                         "then show the notebook's check."),
            Step(28, 38, "Project the explorer of {section:Explorer}. Pose the prediction first.",
                 predict="nb01",
                 ask="Which entries of the tensor changed when the body moved off the axis, and which stayed? "
                     "Tie the answer to the parallel-axis theorem."),
            Step(38, 48, "Students do {exercise:check_rod_end} and {exercise:check_product_sign}."),
            Step(48, 50, "Close with one line: the tensor depends on the point and on the axes, the body does not."),
        ),
        "{exercise:check_box_corner}, {exercise:check_axis_moment} and {exercise:check_dumbbell}.",
    ),
    "02": Lesson(
        "02",
        "A first course, right after the inertia tensor; it needs eigenvalues.",
        "Have the box tensor of {notebook:01} at hand: this lesson turns it into principal axes.",
        (
            Step(0, 6, "Project {section:A motivating picture}. Ask which of the two matrices is 'the' inertia "
                       "of the box."),
            Step(6, 18, "Set up {section:Diagonalisation is an eigenproblem} and solve the small case with the "
                        "class; then show {section:The numbers, through rbteach}."),
            Step(18, 28, "Explain {section:Why $O$ must be a rotation}: a solver may return a reflection; show "
                         "the sign flip that repairs it."),
            Step(28, 38, "Project the explorer of {section:Explorer}. Pose the prediction first.",
                 predict="nb02",
                 ask="The entries changed as the box turned; which numbers did not? Name the invariants and say "
                     "why a rotation keeps them."),
            Step(38, 48, "Students do {exercise:check_principal_moments}; strong pairs go on to "
                         "{exercise:check_proper_rotation}."),
            Step(48, 50, "Close with {section:Repeated moments}: when two moments are equal, every axis in "
                         "their plane is principal, and a solver's choice among them is arbitrary."),
        ),
        "{exercise:check_symmetry_axis}, {exercise:check_proper_rotation} and {exercise:check_q_o}.",
    ),
    "03": Lesson(
        "03",
        "A first course, after principal axes; it needs rotation matrices.",
        "Prepare a physical object with painted body axes (a box with arrows) to turn in front of the class.",
        (
            Step(0, 6, "Project {section:A motivating picture}: a spin about x, and the angular momentum "
                       "points elsewhere. Ask why before explaining."),
            Step(6, 18, "Go through {section:Three frames, one $L$}: principal, body and world, with the painted "
                        "box in your hand. Write L = I ω in each frame."),
            Step(18, 30, "Project the explorer of {section:Explorer: attitude and}. Pose the prediction first.",
                 predict="nb03",
                 ask="About z, L lay along ω; about x it did not. What is special about z for this body, and how "
                     "would you find every such axis from the tensor?"),
            Step(30, 38, "Show the transpose pitfall from {section:Pitfalls}: the wrong formula gives an L that "
                         "points the wrong way, which a sketch catches."),
            Step(38, 50, "Students do {exercise:check_L_world} and {exercise:check_omega_world}."),
        ),
        "{exercise:check_omega_body_from_rates} and {exercise:check_heading}.",
    ),
    "04": Lesson(
        "04",
        "A first course, after the inertia tensor; a good lesson for a practical session with a real bat or a "
        "ruler.",
        "Bring a ruler or a bat and a small hammer; mark the centre of percussion on the ruler with chalk before "
        "the lesson.",
        (
            Step(0, 6, "Project {section:Three hits on a bat} and strike the ruler at its end, its middle and "
                       "the chalk mark while a student holds it loosely. Which hit stung?"),
            Step(6, 16, "Derive the two rules of {section:Translation: force and impulse} and "
                        "{section:Rotation: torque and angular impulse} on the board."),
            Step(16, 28, "Work {section:Worked example: the centre of percussion} with the class, then strike "
                         "the chalk-marked ruler again: held loosely, the hands feel nothing there."),
            Step(28, 38, "Project the explorer of {section:Explorer: strike the bat}. Pose the prediction first.",
                 predict="nb04",
                 ask="At the sweet spot the grip still moved, along the bat. Which part of the blow does the sweet "
                     "spot cancel at the hands, and which part do they still feel?"),
            Step(38, 50, "Students do {exercise:check_rod_spin} and {exercise:check_hammer_percussion}."),
        ),
        "{exercise:check_impulse_energy}; strong students {exercise:check_choked_sweet_spot} and "
        "{exercise:check_hammer_period}.",
    ),
    "05": Lesson(
        "05",
        "A simulation or robotics course; it needs rotation matrices and the conventions card of {notebook:00}.",
        "Bring a belt for the belt trick. Check the explorer runs on the projector before the class arrives.",
        (
            Step(0, 8, "Project {section:A turn of 360°} and do the belt trick live: a full turn cannot be "
                       "undone, two full turns can."),
            Step(8, 18, "Go through {section:The algebra} and {section:Rotating a vector}: the product, the "
                        "conjugate, and the sandwich of a vector between q and its conjugate."),
            Step(18, 30, "Project the explorer of {section:Explorer: axis–angle}. Pose the prediction first.",
                 predict="nb05",
                 ask="q changed sign and nothing on the screen moved. Which of q and −q would you store, and what "
                     "goes wrong when an interpolation mixes the two?"),
            Step(30, 36, "Show {section:Gimbal lock} and let the class find the angle where the Euler rates blow "
                         "up."),
            Step(36, 48, "Students do {exercise:check_axis_angle_quaternion} and {exercise:check_rotated_vector}."),
            Step(48, 50, "Close with one pitfall from {section:Pitfalls: a convention bug zoo}."),
        ),
        "{exercise:check_body_x_axis}, {exercise:check_attitude_rate} and {exercise:check_frame_chain}; "
        "strong students {exercise:check_slerp_attitude} and {exercise:check_body_axis_turns}.",
    ),
    "06": Lesson(
        "06",
        "A simulation course, after {notebook:05}.",
        "Run the notebook once: the explorer's first picture is slow on a loaded machine.",
        (
            Step(0, 6, "Project {section:What goes wrong}: a naive update makes the attitude grow. Ask what "
                       "|q| should be and what it is after a while."),
            Step(6, 16, "Derive {section:The attitude kinematics} on the board: q̇ in the world and in the "
                        "body frame, and why |q| is constant in exact arithmetic."),
            Step(16, 24, "Show {section:Explicit Euler, with and without renormalisation}, then "
                         "{section:The exponential map}: a step that stays on the unit sphere."),
            Step(24, 36, "Project the explorer of {section:Explorer: time step}. Pose the prediction first.",
                 predict="nb06",
                 ask="L drifted although nothing pushed the body. Which term did the update with ω as the state "
                     "get wrong, and why does storing L avoid it?"),
            Step(36, 48, "Students do {exercise:check_norm_after_step} and {exercise:check_qdot_body}."),
            Step(48, 50, "Close with {section:The gyroscopic term}: storing L instead of ω is the article's fix."),
        ),
        "{exercise:check_omega_principal} and {exercise:check_exp_step}.",
    ),
    "07": Lesson(
        "07",
        "A second course in mechanics, or a simulation course after {notebook:06}.",
        "Run the notebook once (its SymPy cells take a while on a slow machine). Bring a paper plate or a "
        "frisbee to throw for the wobble.",
        (
            Step(0, 6, "Project {section:A free body does not just spin}: with no torque the symmetry axis still "
                       "moves. Ask what stays fixed."),
            Step(6, 16, "Project the player of {section:The motion in 3-D}. Pose its prediction before pressing "
                        "Play.",
                 predict="player",
                 ask="L stayed fixed while ω and the plate's normal went round it. Which of the two vectors "
                     "would a camera fixed to the plate see move?"),
            Step(16, 26, "Derive Euler's equations from {section:Euler's equations from dL/dt} on the board; "
                         "solve {section:The symmetric top, solved exactly} with the class."),
            Step(26, 36, "Project the explorer of {section:Explorer: moments}. Pose the prediction first.",
                 predict="nb07",
                 ask="For a sphere ω does not move. Which term of Euler's equations vanished, and which moment "
                     "would you change to make ω go round again?"),
            Step(36, 46, "Project {section:Body and space cones}: the body cone rolls on the space cone, with ω "
                         "on their line of contact. Students then do {exercise:check_symmetric_omega}."),
            Step(46, 50, "Close by throwing the paper plate: it wobbles twice as fast as it spins, and the "
                         "Earth's pole wobbles by the same formula ({section:Two wobbles})."),
        ),
        "{exercise:check_error_ratio}, {exercise:check_world_L}, {exercise:check_precession_period} and "
        "{exercise:check_wobble_ratio}.",
    ),
    "08": Lesson(
        "08",
        "A second course in mechanics; the tennis-racket theorem is a good lesson for any level once Euler's "
        "equations are known.",
        "Bring a tennis racket, a phone or a book held shut with a rubber band, to toss about each axis.",
        (
            Step(0, 8, "Toss the book about each of its three axes in front of the class, then project "
                       "{section:A T-handle that turns over}. Ask which axis misbehaved."),
            Step(8, 18, "Linearise on the board as in {section:Why: linear stability}: the middle axis is the "
                        "one whose perturbation grows."),
            Step(18, 28, "Project the player of {section:The flip, exactly and in 3-D}. Pose its prediction "
                         "before pressing Play.",
                 predict="player",
                 ask="The handle turned over and came back. What decides the time between two flips?"),
            Step(28, 38, "Project the explorer of {section:Explorer: tilt}. Pose the prediction first.",
                 predict="nb08",
                 ask="The flip came later as I₁ approached I₂. What happens when the two are equal, and why does "
                     "a real racket still turn over?"),
            Step(38, 48, "Students do {exercise:check_growth_rate} and {exercise:check_unstable_axis}."),
            Step(48, 50, "Close with the Explorer satellite of {section:Energy dissipation}: a satellite that loses energy "
                         "ends up spinning about its major axis."),
        ),
        "{exercise:check_time_between_flips}, {exercise:check_attitude_angle}, {exercise:check_plane_distance} "
        "and {exercise:check_final_spin_rate}.",
    ),
    "09": Lesson(
        "09",
        "A numerical-methods or simulation course, after {notebook:07}.",
        "Run the notebook once: the long runs take a minute. Have the convergence plot of {notebook:07} ready to compare.",
        (
            Step(0, 8, "Project {section:One body, seven integrators}: the same body, very different energy "
                       "curves. Ask which curve they would trust."),
            Step(8, 18, "Go through {section:The methods} and the bounded energy of the splitting."),
            Step(18, 28, "Project {section:Order of convergence}: read each method's order off its slope."),
            Step(28, 40, "Project the explorer of {section:Explorer: step size}. Pose the prediction first.",
                 predict="nb09",
                 ask="The error fell by far more than the step did. What does that ratio say about the method's "
                     "order, and what would the same change do to explicit Euler's error?"),
            Step(40, 50, "Students do {exercise:check_observed_order} and {exercise:check_euler_energy_drift}."),
        ),
        "{exercise:check_yoshida} and {exercise:check_cayley_angle}; read {section:Which integrator when?}.",
    ),
    "10": Lesson(
        "10",
        "A simulation or game-physics course, after {notebook:04}.",
        "Bring a ruler to drop on the desk at an angle, and a bouncy ball with backspin.",
        (
            Step(0, 8, "Drop the ruler at an angle on the desk, then project {section:The contact and its two "
                       "conditions}. Ask what the floor can and cannot do to it."),
            Step(8, 20, "Work {section:A rod hits the floor} with the class on the board."),
            Step(20, 28, "Show {section:Coulomb friction: stick or slide} with the ball thrown with backspin."),
            Step(28, 38, "Project the explorer of {section:Explorer: bounce a rod}. Pose the prediction first.",
                 predict="nb10",
                 ask="A perfectly elastic bounce still lost energy. Where did it go, and which slider would you "
                     "move to make the bounce lose nothing?"),
            Step(38, 50, "Students do {exercise:check_rod_impulse} and {exercise:check_energy_lost}."),
        ),
        "{exercise:check_backspin}.",
    ),
    "11": Lesson(
        "11",
        "A second course in mechanics, after {notebook:07} and the Lagrangian.",
        "Bring a spinning top or a gyroscope. Run the notebook once: its SymPy cells take a while.",
        (
            Step(0, 8, "Spin the top in front of the class, then project {section:The top, its torque}. Ask why "
                       "gravity does not simply make it fall."),
            Step(8, 18, "Write {section:The Lagrangian in Euler angles} and name the three conserved quantities."),
            Step(18, 26, "Reduce to one coordinate with {section:One coordinate}: the turning points of the tilt "
                         "are the cubic's roots."),
            Step(26, 38, "Project the explorer of {section:Explorer: spin}. Pose the prediction first.",
                 predict="nb11",
                 ask="A steeper start nodded more. Which slider would make it nod less again, and which of the "
                     "three paths (waves, cusps, loops) did you see?"),
            Step(38, 50, "Students do {exercise:check_slow_precession}; show the gyroscope limit of "
                         "{section:Steady precession} to check it."),
        ),
        "{exercise:check_nutation_bound} and {exercise:check_Lz}.",
    ),
}
