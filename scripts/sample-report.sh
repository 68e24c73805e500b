#!/usr/bin/env bash
# Writes a sample balance report of every game into DIR (default: sample-report): for each game,
# DIR/GAME/report.txt, report.json, report.csv and its charts as SVG and PNG, from a round robin
# of the quick bots in every variant. MATCHES (per pairing and variant, default 1000), BOTS
# (default random,heuristic,equilibrium; a game plays those it has) and SEED override.
set -euo pipefail
# DIR is where the caller stands, not the repository the script goes to.
dir=${1:-sample-report}
case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
cd "$(dirname "$0")/.."
go run ./cmd/deuce sim --all-games --variant all \
	--bots "${BOTS:-random,heuristic,equilibrium}" \
	--matches "${MATCHES:-1000}" --seed "${SEED:-1}" --plots "$dir"

# Worldwide's solo game, which "all" leaves out of a round robin: each bot against the automaton.
mkdir -p "$dir/worldwide-solo"
go run ./cmd/deuce sim worldwide --variant solo --bots random,heuristic \
	--matches "${MATCHES:-1000}" --seed "${SEED:-1}" --plots "$dir/worldwide-solo" \
	> "$dir/worldwide-solo/report.txt"

# Character balance in AlakaSLAM: equal bots, characters dealt at random, so that a character's
# win rate measures the character rather than which bot picked it.
mkdir -p "$dir/alakaslam-characters"
go run ./cmd/deuce sim alakaslam --bots heuristic,heuristic \
	--option character1=random,character2=random \
	--matches "${MATCHES:-1000}" --seed "${SEED:-1}" --plots "$dir/alakaslam-characters" \
	> "$dir/alakaslam-characters/report.txt"
