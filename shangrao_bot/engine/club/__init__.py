"""Club events (nights and tournaments over several tables and rounds), the pure part:

* :mod:`.seating` — each round's tables and winds: swiss, random or the organiser's, and who
  rests, over :mod:`.search` (the bounded swiss search and its proven lower bound on repeated
  pairs) and :mod:`.winds` (each player's winds kept even);
* :mod:`.standings` — the event's standings and their tie-breaks;
* :mod:`.errors` — their refusals (texts in the catalogs' ``event`` area).
"""
