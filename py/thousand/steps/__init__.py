"""The steps of a deal.  Each is a ``Step`` (``steps.base``: what its phase means — phase
id, RULES.md section, verbs, a private turn, what the review judges — read by Game, view,
the review and the table): a small module made one with ``Step.of`` at its end (or, where
one rule has several moments, an object), with the same few functions, checkable against
its RULES.md section:

    PHASE                       the phase a client sees while the step waits for a player
    active(game, d) -> bool     does the step take part in this deal now?  (else skipped)
    start(game, d)              it is reached: set up, and name the seat on turn
    legal(game, d) -> [int]     the moves of the seat on turn
    apply(game, d, move)        one legal move
    finished(game, d) -> bool   nothing more to decide here
    why(game, d, move)          the IllegalAction saying which rule a move breaks
    choices(game, d, seat, moves)   helpers for the view of the seat on turn

``thousand.flow`` works out the list of steps when a deal starts; ``Game`` drives it with
one dispatch.  A step that ends the deal early (a redeal, a concession) sets
``d.outcome``; the game then goes straight to the scoring step.
"""
