"""The games ppdf sets up, by the names its games table gives them (``AKA`` alternatives,
parenthesised words optional), with the setup functions that set each up."""

from __future__ import annotations

#: ``(names as ppdf writes them, setup functions)``; the first function is the main one.
GAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ('12345ive!', ('piecepack_12345ive',)),
    ('Achi', ('piecepack_achi',)),
    ('Alice Chess', ('piecepack_alice_chess',)),
    ('Alien City', ('piecepack_alien_city',)),
    ('Alquerque AKA Qirkat', ('piecepack_alquerque',)),
    ('(American) Checkers AKA (English) Draughts',
     ('piecepack_american_checkers', 'piecepack_english_checkers', 'piecepack_checkers')),
    ('American Pool Checkers', ('piecepack_american_pool_checkers',)),
    ('Awithlaknannai Mosona', ('piecepack_awithlaknannai_mosona',)),
    ('Backgammon', ('piecepack_backgammon',)),
    ('Bagh-chal', ('piecepack_baghchal',)),
    ('Bashni AKA Column Checkers', ('piecepack_bashni', 'piecepack_column_checkers')),
    ('Black Pawn Trucking', ('piecepack_black_pawn_trucking',)),
    ('Brain Burn', ('piecepack_brain_burn',)),
    ('Brandubh AKA Brandub', ('piecepack_brandubh',)),
    ('Brazilian Checkers AKA Brazilian Draughts', ('piecepack_brazilian_checkers',)),
    ('Breakthrough', ('piecepack_breakthrough',)),
    ('Burbuja', ('piecepack_burbuja',)),
    ("Cardinal's Guards", ('piecepack_cardinals_guards',)),
    ('Cell Management', ('piecepack_cell_management',)),
    ('Change Change', ('piecepack_change_change',)),
    ('Chariots', ('piecepack_chariots',)),
    ('Chaturaji', ('piecepack_chaturaji',)),
    ('Chinese Checkers AKA (Piecepack) Halma', ('piecepack_chinese_checkers', 'piecepack_halma')),
    ('Climbing Man', ('piecepack_climbing_man',)),
    ('Coin Collectors', ('piecepack_coin_collectors',)),
    ('Corner Checkers AKA Corner Draughts', ('piecepack_corner_checkers',)),
    ('Cribbage', ('piecepack_cribbage', 'piecepack_cribbage_board')),
    ('Crocodile Hop', ('piecepack_crocodile_hop',)),
    ('Crossings', ('piecepack_crossings',)),
    ('Czech Checkers AKA Czech Draughts', ('piecepack_czech_checkers',)),
    ('Dao', ('piecepack_dao',)),
    ('Dara', ('piecepack_dara',)),
    ('Desfases', ('piecepack_desfases',)),
    ('Dodgem', ('piecepack_dodgem',)),
    ('Dominoids', ('piecepack_dominoids',)),
    ('Easy Slider', ('piecepack_easy_slider',)),
    ('Evade', ('piecepack_evade',)),
    ('Everest', ('piecepack_everest',)),
    ('Fischer Random Chess AKA Chess960', ('piecepack_fischer_random_chess', 'piecepack_chess960')),
    ('Four Blind Mice', ('piecepack_four_blind_mice',)),
    ('Four Field Kono', ('piecepack_four_field_kono',)),
    ('Four Seasons Chess', ('piecepack_four_seasons_chess',)),
    ('Froggy Bottom', ('piecepack_froggy_bottom',)),
    ('Fuji-san', ('piecepack_fujisan',)),
    ('Galaxy Express', ('piecepack_galaxy_express',)),
    ('Gothic Checkers AKA Gothic Draughts', ('piecepack_gothic_checkers',)),
    ('Grasshopper', ('piecepack_grasshopper',)),
    ('Ice Floe', ('piecepack_ice_floe',)),
    ('Iceberg', ('piecepack_iceberg',)),
    ('(International) Chess', ('piecepack_international_chess', 'piecepack_chess')),
    ('Italian Checkers AKA Italian Draughts', ('piecepack_italian_checkers',)),
    ('Jamaican Checkers AKA Jamaican Draughts', ('piecepack_jamaican_checkers',)),
    ('Japan', ('piecepack_japan',)),
    ('Jeson Mor', ('piecepack_jeson_mor',)),
    ('Jul-Gonu', ('piecepack_julgonu',)),
    ('Kangaroo', ('piecepack_kangaroo',)),
    ("King's Valley", ('piecepack_kings_valley',)),
    ('Lab Rats', ('piecepack_lab_rats',)),
    ('Landlocked', ('piecepack_landlocked',)),
    ('Leapfrog', ('piecepack_leapfrog',)),
    ('Ley Lines', ('piecepack_ley_lines',)),
    ('Lines of Action', ('piecepack_lines_of_action',)),
    ('Ludo', ('piecepack_ludo',)),
    ('Lukawan', ('piecepack_lukawan',)),
    ('Mathrix', ('piecepack_mathrix',)),
    ('Minishogi', ('piecepack_minishogi',)),
    ("Nine Men's Morris", ('piecepack_nine_mens_morris',)),
    ('One Man Thrag!', ('piecepack_one_man_thrag',)),
    ('One Way Checkers AKA One Way Draughts', ('piecepack_one_way_checkers',)),
    ('Pass the Food', ('piecepack_pass_the_food',)),
    ('Pawns Crossing', ('piecepack_pawns_crossing',)),
    ('Piece Gaps', ('piecepack_piece_gaps',)),
    ('Piece Packing Pirates', ('piecepack_piece_packing_pirates',)),
    ('(Piecepack) Klondike', ('piecepack_klondike',)),
    ('Piecepackman', ('piecepack_piecepackman',)),
    ('Plans of Action', ('piecepack_plans_of_action',)),
    ('Portuguese Checkers AKA Portuguese Draughts', ('piecepack_portuguese_checkers',)),
    ('Quatri', ('piecepack_quatri',)),
    ('Racing Kings', ('piecepack_racing_kings',)),
    ('Relativity', ('piecepack_relativity',)),
    ('Russian Checkers AKA Russian Draughts', ('piecepack_russian_checkers',)),
    ('Salta', ('piecepack_salta',)),
    ('San Andreas', ('piecepack_san_andreas',)),
    ('Sarcophagus', ('piecepack_sarcophagus',)),
    ('Seega', ('piecepack_seega',)),
    ('Ship It!', ('piecepack_ship_it',)),
    ('Shogi AKA Japanese Chess', ('piecepack_shogi', 'piecepack_japanese_chess')),
    ('Shopping Mall', ('piecepack_shopping_mall',)),
    ('Skyscrapers', ('piecepack_skyscrapers',)),
    ('Slides of Action', ('piecepack_slides_of_action',)),
    ('Spanish Checkers AKA Spanish Draughts', ('piecepack_spanish_checkers',)),
    ('Speedy Towers', ('piecepack_speedy_towers',)),
    ("Steppin' Stones", ('piecepack_steppin_stones',)),
    ('Tablan', ('piecepack_tablan',)),
    ('Tablut', ('piecepack_tablut',)),
    ('Tariffs', ('piecepack_tariffs',)),
    ('Thai Checkers AKA Thai Draughts AKA Mak-hot AKA Makhos', ('piecepack_thai_checkers',)),
    ('The "In" Crowd', ('piecepack_the_in_crowd',)),
    ('The Magic Bag', ('piecepack_the_magic_bag',)),
    ('The Penguin Game', ('piecepack_the_penguin_game',)),
    ('Three Musketeers', ('piecepack_three_musketeers',)),
    ('Tic-tac-toe', ('piecepack_tic_tac_toe',)),
    ('Tornado vs. Trailer Park', ('piecepack_tornado_vs_trailer_park',)),
    ('Tower of Babel AKA (Piecepack) Accordion', ('piecepack_tower_of_babel', 'piecepack_accordion')),
    ('Tracers', ('piecepack_tracers',)),
    ('Triactor', ('piecepack_triactor',)),
    ('Tula', ('piecepack_tula',)),
    ('Turkish Checkers AKA Turkish Draughts AKA Dama', ('piecepack_turkish_checkers',)),
    ("Twelve Men's Morris", ('piecepack_twelve_mens_morris',)),
    ('Ultima AKA Baroque Chess', ('piecepack_ultima', 'piecepack_baroque_chess')),
    ('Unified Pool Checkers', ('piecepack_unified_pool_checkers',)),
    ('Wormholes', ('piecepack_wormholes',)),
    ('Xiangqi AKA Chinese Chess', ('piecepack_xiangqi', 'piecepack_chinese_chess')),
    ('Yoté', ('piecepack_yote',)),
    ('Zimbabwean Pool Checkers', ('piecepack_zimbabwean_pool_checkers',)),
)


def expand_names(text: str) -> list[str]:
    """Every name a games-table entry gives: ``"(American) Checkers AKA (English) Draughts"``
    gives ``American Checkers``, ``Checkers``, ``English Draughts``, ``Draughts``.

    >>> expand_names("Tower of Babel AKA (Piecepack) Accordion")
    ['Tower of Babel', 'Piecepack Accordion', 'Accordion']
    """
    names: list[str] = []
    for part in text.split(" AKA "):
        full = " ".join(part.replace("(", "").replace(")", "").split())
        short = " ".join(_without_brackets(part).split())
        for name in (full, short):
            if name and name not in names:
                names.append(name)
    return names


def _without_brackets(text: str) -> str:
    out, depth = [], 0
    for char in text:
        depth += char == "("
        if depth == 0:
            out.append(char)
        depth -= char == ")"
    return "".join(out)


__all__ = ["GAMES", "expand_names"]
