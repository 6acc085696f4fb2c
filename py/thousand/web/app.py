"""Phase-1 placeholder: proves that Python, the engine zip and the DOM are wired up."""
from pyscript import document, window

from thousand import cards


def start() -> None:
    app = document.getElementById("app")
    root = document.createElement("div")
    root.id = "table"
    root.dataset.phase = "loading"
    hand = [cards.card(t) for t in "AS TH KH QH 9C JD AD".split()]
    for c in sorted(hand, key=cards.sort_key):
        b = document.createElement("button")
        b.className = "card"
        b.dataset.card = cards.name(c)
        b.setAttribute("aria-label", cards.accessible_name(c, "ru"))
        b.textContent = cards.RANKS[c % 6].replace("T", "10") + cards.SUIT_GLYPH[c // 6]
        root.append(b)
    app.append(root)
    window.thousandBoot.ready()
