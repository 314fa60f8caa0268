#!/usr/bin/env python3
"""Plays standard chess between ashtapada's UCI engine and Fairy-Stockfish through
python-chess's UCI client (chess.engine), which checks every move the engines send against its
own board: an illegal move, a malformed info line or a protocol error raises.

Usage: python_chess.py ASHTAPADA FAIRY_STOCKFISH GAMES
Prints one line per game: its result and how it ended; exits non-zero on any failure."""
import sys

import chess
import chess.engine


def play(ours, theirs, white_is_ours):
    board = chess.Board()
    white, black = (ours, theirs) if white_is_ours else (theirs, ours)
    while not board.is_game_over(claim_draw=True) and board.fullmove_number <= 120:
        engine = white if board.turn == chess.WHITE else black
        limit = chess.engine.Limit(nodes=3000)
        result = engine.play(board, limit, info=chess.engine.INFO_ALL)
        if result.move is None or result.move not in board.legal_moves:
            raise SystemExit(f"illegal or missing move {result.move} in {board.fen()}")
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    return board.result(claim_draw=True), outcome.termination.name if outcome else "MOVE_CAP"


def main():
    ours_cmd, theirs_cmd, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    ours = chess.engine.SimpleEngine.popen_uci([ours_cmd, "uci"])
    theirs = chess.engine.SimpleEngine.popen_uci(theirs_cmd)
    try:
        assert ours.id.get("name", "").startswith("ashtapada"), ours.id
        assert "UCI_Variant" in ours.options, ours.options
        ours.configure({"Level": "hard"})
        # An analysis with a depth limit reports scores python-chess can read.
        info = ours.analyse(chess.Board(), chess.engine.Limit(depth=3))
        assert info.get("score") is not None and info.get("pv"), info
        for g in range(games):
            result, how = play(ours, theirs, g % 2 == 0)
            print(f"game {g + 1}: {result} {how}")
    finally:
        ours.quit()
        theirs.quit()


if __name__ == "__main__":
    main()
