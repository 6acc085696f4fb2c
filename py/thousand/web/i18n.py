"""UI strings, Russian (default) and English.

A message that puts a player's name with a verb has a ``…_you`` twin for the human (seat 0),
chosen by ``Text.who``: "Вы не добрали 120", not "Вы не добрал 120".  The bots' forms are
masculine ("Бот 1 сыграл"); a player-chosen name gets the same form.

Also the cards' names and glyphs (the table never imports the engine: it runs on the main
thread under MicroPython; tests/web check these against thousand.cards).  No __future__
import, no f-string tricks: this module runs under MicroPython too.
"""

STRINGS = {
    "ru": {
        "title": "Тысяча",
        "new_game": "Новая игра",
        "sheet": "Запись",
        "settings": "Настройки",
        "last_trick": "Последняя взятка",
        "close": "Закрыть",
        "save": "Сохранить",
        "pass": "Пас",
        "bid": "Торговаться",
        "bid_plus": "+{step} ({value})",
        "bid_range": "мин. {lo} · макс. {hi}",
        "your_bid": "Ваша ставка",
        "contract": "Заказать",
        "contract_range": "Заказ: от {lo} до {hi}",
        "concede": "Расписать",
        "concede_cost": "Роспись: вам {me}, противникам по {opp}",
        "concede_bolt": "Роспись: вам болт, противникам по {opp}",
        "give_prompt": "Отдайте по одной карте каждому противнику",
        "give_to": "Отдать {card} → {name}",
        "pick_card": "Выберите карту",
        "your_turn": "Ваш ход",
        "turn_of": "Ходит {name}",
        "thinking": "{name} думает…",
        "talon": "Прикуп",
        "trump": "Козырь",
        "no_trump": "Без козыря",
        "meld_q": "Объявить марьяж {suit} ({value})?",
        "meld_yes": "Объявить марьяж",
        "meld_no": "Просто сыграть",
        "meld_ace": "Объявить тузовый марьяж (200)?",
        "declarer": "Играет {name}: {contract}",
        "declarer_you": "Играете вы: {contract}",
        "bidding_at": "Торговля: {bid} ({name})",
        "deal_over": "Раздача {n} окончена",
        "made": "{name} сыграл {contract}",
        "made_you": "Вы сыграли {contract}",
        "failed": "{name} не добрал {contract}",
        "failed_you": "Вы не добрали {contract}",
        "conceded": "{name} расписал {contract}",
        "conceded_you": "Вы расписали {contract}",
        "next_deal": "Дальше",
        "game_over": "Игра окончена",
        "winner": "Победил {name}!",
        "winner_you": "Вы победили!",
        "no_winner": "Победителя нет",
        "score": "Очки",
        "bolts": "Болты",
        "barrel": "бочка {n}/3",
        "deal": "№",
        "tricks": "взяток: {n}",
        "took_trick": "Взятку взял {name}",
        "took_trick_you": "Взятку взяли вы",
        "hint": "Подсказка",
        "hint_thinking": "Подсказка: думаю…",
        "hint_error": "Подсказка недоступна: {why}",
        "hint_play": "Сыграйте {card}",
        "hint_meld": "Сыграйте {card} с объявлением марьяжа",
        "hint_give": "Отдайте {card} → {name}",
        "hint_pass": "Пасуйте",
        "hint_bid": "Назовите {value}",
        "hint_contract": "Закажите {value}",
        "hint_concede": "Распишите",
        "est_of": "{k} из {n}",
        "est_make": "контракт выполняется в {share} раскладов",
        "est_defeat": "контракт срывается в {share} раскладов",
        "est_bid": "рука стоит около {points}",
        "est_contract": "в среднем вы возьмёте {points}",
        "est_concede": "в среднем вы возьмёте лишь {points}",
        "illegal": "Так нельзя: {why}",
        "lang": "Язык",
        "names": "Имена игроков",
        "player_n": "Игрок {n}",
        "level": "Уровень ботов",
        "speed": "Скорость анимации",
        "rules": "Правила",
        "preset": "Набор правил",
        "apply_new": "Применить и начать новую игру",
        "share": "Поделиться правилами",
        "share_copied": "Ссылка скопирована",
        "share_link": "Ссылка на эти правила:",
        "link_ignored": "Из ссылки проигнорировано: {what}",
        "link_applied": "Правила из ссылки: {code}",
        "link_pending": "Ссылка содержит правила «{code}». Начать новую игру с ними?",
        "start_with_link": "Новая игра по ссылке",
        "keep_game": "Продолжить текущую",
        "save_corrupt": "Сохранённую игру не удалось прочитать ({detail}). Её текст сохранён в localStorage под ключом «{key}». Можно начать новую игру.",
        "save_future": "Игра сохранена более новой версией ({detail}). Её текст сохранён под ключом «{key}». Можно начать новую игру.",
        "other_tab": "Игра открыта в другой вкладке. Эта вкладка остановлена, чтобы не перезаписать её.",
        "take_over": "Загрузить игру здесь",
        "game_file": "Игра в файле",
        "export": "Сохранить в файл",
        "import": "Загрузить из файла",
        "import_ok": "Игра загружена из файла.",
        "import_failed": "Файл не загружен: {why}. Текущая игра не изменилась.",
        "storage_full": "Память браузера заполнена: игра больше не сохраняется. Она продолжается в этой вкладке — сохраните её в файл, чтобы не потерять.",
        "save_failed": "Игра не сохранена: {why}",
        "dismiss": "Закрыть",
        "level_easy": "лёгкий", "level_normal": "средний", "level_hard": "сильный", "level_random": "случайный",
        "speed_slow": "медленно", "speed_normal": "обычно", "speed_fast": "быстро", "speed_instant": "мгновенно",
        "on": "да", "off": "нет",
        "sec_6.1": "Стол", "sec_6.2": "Игра и козыри", "sec_6.3": "Пересдача", "sec_6.4": "Болты и штрафы",
        "sec_6.5": "Роспись", "sec_6.5a": "Бочка", "sec_6.6": "Золотой кон", "sec_6.7": "Игра втёмную",
        "sec_7": "Другое число игроков",
        "hand": "Ваши карты",
        "total": "Итого",
        "dealer": "сдаёт",
        "cards_left": "карт: {n}",
        "update": "Доступна новая версия.",
        "invalid_name": "Имя не может быть пустым",
        "game_info": "Раздача {n} · сдаёт {dealer}",
        "need": "Бочка: нужно {need}",
        "ev_third_bolt": "{name}: третий болт, {value}",
        "ev_third_concession": "{name}: третья роспись, {value}",
        "ev_four_nines": "{name}: четыре девятки, +{value}",
        "ev_barrel_sit": "{name}: на бочке ({value})",
        "ev_barrel_fall": "{name}: слетает с бочки → {value}",
        "ev_barrel_zero": "{name}: третий слёт — на ноль",
        "ev_barrel_simultaneous": "{name}: двое на бочку разом → {value}",
        "ev_barrel_win": "{name}: выход с бочки — победа ({value})!",
        "ev_dump_truck": "{name}: самосвал ({value} → 0)",
        "ev_minus_1000": "Счёт дошёл до −1000: игра окончена",
        "owes": "Расчёт: {debtor} → {winner}: {points}",
        "version": "Версия",
        "boot_interpreter": "Запуск Python…",
        "boot_installer": "Установка движка…",
        "boot_engine": "Установка движка…",
        "boot_table": "Подготовка стола…",
        "boot_saved": "Сохранённая игра · запуск движка…",
        "engine_failed": "Движок не запустился: {why}",
        "bot_error": "Ошибка бота: {why}",
        "act_blind": "Играть втёмную",
        "act_blind_pass": "Посмотреть карты",
        "act_redeal": "Пересдать",
        "act_redeal_pass": "Играть эту раздачу",
        "act_unblind": "Растемнить",
        "act_unblind_pass": "Играть втёмную дальше",
        "act_talon": "Взять прикуп {n}",
        "said_blind": "втёмную",
        "said_unblind": "растемнил",
    },
    "en": {
        "title": "Thousand",
        "new_game": "New game",
        "sheet": "Score sheet",
        "settings": "Settings",
        "last_trick": "Last trick",
        "close": "Close",
        "save": "Save",
        "pass": "Pass",
        "bid": "Bid",
        "bid_plus": "+{step} ({value})",
        "bid_range": "min {lo} · max {hi}",
        "your_bid": "Your bid",
        "contract": "Set contract",
        "contract_range": "Contract: {lo} to {hi}",
        "concede": "Concede",
        "concede_cost": "Concede: you {me}, each opponent {opp}",
        "concede_bolt": "Concede: you get a bolt, each opponent {opp}",
        "give_prompt": "Give one card to each opponent",
        "give_to": "Give {card} → {name}",
        "pick_card": "Pick a card",
        "your_turn": "Your turn",
        "turn_of": "{name} to play",
        "thinking": "{name} is thinking…",
        "talon": "Talon",
        "trump": "Trump",
        "no_trump": "No trump",
        "meld_q": "Declare the {suit} marriage ({value})?",
        "meld_yes": "Declare marriage",
        "meld_no": "Just play it",
        "meld_ace": "Declare the ace marriage (200)?",
        "declarer": "{name} plays {contract}",
        "declarer_you": "You play {contract}",
        "bidding_at": "Bidding: {bid} ({name})",
        "deal_over": "Deal {n} is over",
        "made": "{name} made {contract}",
        "made_you": "You made {contract}",
        "failed": "{name} failed {contract}",
        "failed_you": "You failed {contract}",
        "conceded": "{name} conceded {contract}",
        "conceded_you": "You conceded {contract}",
        "next_deal": "Continue",
        "game_over": "Game over",
        "winner": "{name} wins!",
        "winner_you": "You win!",
        "no_winner": "No winner",
        "score": "Score",
        "bolts": "Bolts",
        "barrel": "barrel {n}/3",
        "deal": "#",
        "tricks": "tricks: {n}",
        "took_trick": "{name} took the trick",
        "took_trick_you": "You took the trick",
        "hint": "Hint",
        "hint_thinking": "Hint: thinking…",
        "hint_error": "No hint available: {why}",
        "hint_play": "Play {card}",
        "hint_meld": "Play {card} and declare the marriage",
        "hint_give": "Give {card} → {name}",
        "hint_pass": "Pass",
        "hint_bid": "Bid {value}",
        "hint_contract": "Set the contract at {value}",
        "hint_concede": "Concede",
        "est_of": "{k} of {n}",
        "est_make": "the contract is made in {share} of the sampled deals",
        "est_defeat": "the contract fails in {share} of the sampled deals",
        "est_bid": "the hand is worth about {points}",
        "est_contract": "you take {points} on average",
        "est_concede": "you would take only {points} on average",
        "illegal": "Not allowed: {why}",
        "lang": "Language",
        "names": "Player names",
        "player_n": "Player {n}",
        "level": "Bot level",
        "speed": "Animation speed",
        "rules": "Rules",
        "preset": "Preset",
        "apply_new": "Apply and start a new game",
        "share": "Share rules",
        "share_copied": "Link copied",
        "share_link": "Link to these rules:",
        "link_ignored": "Ignored from the link: {what}",
        "link_applied": "Rules from the link: {code}",
        "link_pending": "The link carries the rules “{code}”. Start a new game with them?",
        "start_with_link": "New game with these rules",
        "keep_game": "Keep the current game",
        "save_corrupt": "The saved game could not be read ({detail}). Its text is kept in localStorage under “{key}”. You can start a new game.",
        "save_future": "The game was saved by a newer version ({detail}). Its text is kept under “{key}”. You can start a new game.",
        "other_tab": "The game is open in another tab. This tab has stopped so as not to overwrite it.",
        "take_over": "Load that game here",
        "game_file": "Game file",
        "export": "Export to a file",
        "import": "Import from a file",
        "import_ok": "The game was loaded from the file.",
        "import_failed": "The file was not loaded: {why}. The current game is unchanged.",
        "storage_full": "The browser's storage is full: the game is no longer saved. It goes on in this tab; export it to a file so as not to lose it.",
        "save_failed": "The game was not saved: {why}",
        "dismiss": "Dismiss",
        "level_easy": "easy", "level_normal": "normal", "level_hard": "hard", "level_random": "random",
        "speed_slow": "slow", "speed_normal": "normal", "speed_fast": "fast", "speed_instant": "instant",
        "on": "on", "off": "off",
        "sec_6.1": "Table", "sec_6.2": "Play and trumps", "sec_6.3": "Redeal", "sec_6.4": "Bolts and penalties",
        "sec_6.5": "Concession", "sec_6.5a": "Barrel", "sec_6.6": "Golden round", "sec_6.7": "Blind game",
        "sec_7": "Other player counts",
        "hand": "Your cards",
        "total": "Total",
        "dealer": "deals",
        "cards_left": "cards: {n}",
        "update": "A new version is available.",
        "invalid_name": "A name cannot be empty",
        "game_info": "Deal {n} · {dealer} deals",
        "need": "Barrel: need {need}",
        "ev_third_bolt": "{name}: third bolt, {value}",
        "ev_third_concession": "{name}: third concession, {value}",
        "ev_four_nines": "{name}: four nines, +{value}",
        "ev_barrel_sit": "{name}: on the barrel ({value})",
        "ev_barrel_fall": "{name}: falls from the barrel → {value}",
        "ev_barrel_zero": "{name}: third fall — back to zero",
        "ev_barrel_simultaneous": "{name}: reached the barrel together with another → {value}",
        "ev_barrel_win": "{name}: wins from the barrel ({value})!",
        "ev_dump_truck": "{name}: dump truck ({value} → 0)",
        "ev_minus_1000": "A score reached −1000: the game is over",
        "owes": "Settlement: {debtor} → {winner}: {points}",
        "version": "Version",
        "boot_interpreter": "Starting Python…",
        "boot_installer": "Installing the engine…",
        "boot_engine": "Installing the engine…",
        "boot_table": "Setting the table…",
        "boot_saved": "Saved game · starting the engine…",
        "engine_failed": "The engine did not start: {why}",
        "bot_error": "Bot error: {why}",
        "act_blind": "Play blind",
        "act_blind_pass": "Look at the cards",
        "act_redeal": "Redeal",
        "act_redeal_pass": "Play this deal",
        "act_unblind": "Unblind",
        "act_unblind_pass": "Stay blind",
        "act_talon": "Take talon {n}",
        "said_blind": "blind",
        "said_unblind": "unblinded",
    },
}

SUIT_NAMES = {
    "ru": {"S": "♠ пики", "C": "♣ трефы", "D": "♦ бубны", "H": "♥ черви", "A": "тузы"},
    "en": {"S": "♠ spades", "C": "♣ clubs", "D": "♦ diamonds", "H": "♥ hearts", "A": "aces"},
}


def points_text(lang: str, value) -> str:
    """A number of points with its noun: "105 очков", "1 очко", "42 очка"; "105 points"."""
    n = int(round(float(value)))
    if lang != "ru":
        return f"{n} point" + ("" if abs(n) == 1 else "s")
    m100, m10 = abs(n) % 100, abs(n) % 10
    if m10 == 1 and m100 != 11:
        word = "очко"
    elif 2 <= m10 <= 4 and not 12 <= m100 <= 14:
        word = "очка"
    else:
        word = "очков"
    return f"{n} {word}"


def tr(lang: str, msg_id: str, **kw) -> str:
    table = STRINGS.get(lang) or STRINGS["ru"]
    s = table.get(msg_id) or STRINGS["en"].get(msg_id) or msg_id
    return s.format(**kw) if kw else s


# ---- cards (codes as in the views: "QH", "TS"; ranks 9 J Q K T A, suits S C D H) ----------
RANKS = "9JQKTA"
SUITS = "SCDH"
SUIT_GLYPH = "♠♣♦♥"
RANK_NAMES = {"ru": ("Девятка", "Валет", "Дама", "Король", "Десятка", "Туз"),
              "en": ("Nine", "Jack", "Queen", "King", "Ten", "Ace")}
SUIT_WORDS_EN = ("spades", "clubs", "diamonds", "hearts")
MARRIAGE_VALUE = {"S": 40, "C": 60, "D": 80, "H": 100, "A": 200}


def rank_label(code: str) -> str:
    return "10" if code[0] == "T" else code[0]


def glyph(code: str) -> str:
    return SUIT_GLYPH[SUITS.index(code[1])]


def is_red(code: str) -> bool:
    return code[1] in "DH"


def short_card(code: str) -> str:
    """"♥Q", "♠10"."""
    return glyph(code) + rank_label(code)


def card_name(lang: str, code: str) -> str:
    """"Дама ♥" / "Queen of hearts" (the cards' accessible names)."""
    r = RANKS.index(code[0])
    s = SUITS.index(code[1])
    if lang == "ru":
        return RANK_NAMES["ru"][r] + " " + SUIT_GLYPH[s]
    return RANK_NAMES["en"][r] + " of " + SUIT_WORDS_EN[s]


class Text:
    """Messages in one language with the table's player names."""

    def __init__(self, lang: str, names=None):
        self.lang = lang if lang in STRINGS else "ru"
        self.names = list(names or [])

    def __call__(self, msg_id: str, **kw) -> str:
        return tr(self.lang, msg_id, **kw)

    def name(self, seat) -> str:
        if seat is None or not isinstance(seat, int):
            return "—"
        return self.names[seat] if 0 <= seat < len(self.names) else "#" + str(seat)

    def who(self, msg_id: str, seat, **kw) -> str:
        """A message about a player: the human (seat 0) gets the second person."""
        if seat == 0:
            return self(msg_id + "_you", name=self.name(seat), **kw)
        return self(msg_id, name=self.name(seat), **kw)

    def card(self, code: str) -> str:
        return card_name(self.lang, code)

    def points(self, value) -> str:
        return points_text(self.lang, value)


def fmt_delta(v) -> str:
    return "+" + str(v) if v > 0 else str(v)
