#!/usr/bin/env python3
"""python-chess (chess.engine) selects a variant loaded from a rule file and reads MultiPV
analyses from ashtapada's UCI engine (issue 28, item 22).

python-chess reads an engine's options only in the handshake and sets UCI_Variant itself from
the board class's `uci_variant`, checking it against the combo's choices: the rule file is
given with `ashtapada uci --variant-path FILE`, so that its variant is among them from the
start.

Usage: python_chess_variant.py ASHTAPADA RULE_FILE VARIANT_NAME
Exits non-zero, saying why, on any failure; prints `ok` at the end."""
import sys

import chess
import chess.engine


def main():
    ours_cmd, rule_file, name = sys.argv[1], sys.argv[2], sys.argv[3]

    class RuleFileBoard(chess.Board):
        """Standard chess rules under the rule file's variant name."""
        uci_variant = name

    engine = chess.engine.SimpleEngine.popen_uci([ours_cmd, "uci", "--variant-path", rule_file])
    try:
        choices = engine.options["UCI_Variant"].var
        assert name in choices, choices
        assert "MultiPV" in engine.options, engine.options
        board = RuleFileBoard()
        board.push_uci("e2e4")
        # python-chess sends `setoption name UCI_Variant value NAME` and `MultiPV 3`.
        infos = engine.analyse(board, chess.engine.Limit(depth=2), multipv=3)
        assert len(infos) == 3, infos
        firsts = [info["pv"][0] for info in infos]
        assert len(set(firsts)) == 3, firsts
        for move in firsts:
            assert move in board.legal_moves, move
        for info in infos:
            assert info.get("score") is not None, info
        result = engine.play(board, chess.engine.Limit(nodes=500))
        assert result.move in board.legal_moves, result.move
        print("ok")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
