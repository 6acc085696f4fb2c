"""The steps of a deal.  Each is a ``Step`` (``steps.base``, which lists the functions every
step has and what its phase means — phase id, RULES.md section, verbs, a private turn, what
the review judges — read by Game, view, the review and the table): a small module made one
with ``Step.of`` at its end, or, where one rule has several moments (the redeal windows) or
nobody is asked (``Automatic``), an object; each checkable against its RULES.md section.

``thousand.flow`` works out the list of steps when a deal starts; ``Game`` drives it with
one dispatch.  A step that ends the deal early (a redeal, a concession) sets
``d.outcome``; the game then goes straight to the scoring step.
"""
