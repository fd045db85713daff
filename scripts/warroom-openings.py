#!/usr/bin/env python3
"""Writes data/warroom/openings.json: a suggested first round (Phase 1 reorganizing, Phase 2 orders
and bid) for each nation of each scenario, for a newcomer's walkthrough in the browser
(web/src/titles/warroom-opening.ts). The choices are the rules bot's (bot:rules) in round 1 of a
game it plays against itself (seed 11), and each step's reason is read from the board as it stands
then (who holds the destination, whether it is a sea, whether enemy units are there); the project's, hence "reconstructed".
tests/warroom/opening_test.cpp checks that every step is legal in a new game.
Usage: scripts/warroom-openings.py WARROOM_BINARY"""
import json, os, subprocess, sys, tempfile

W = sys.argv[1]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
SEED = 11


def run(*args):
    return subprocess.run([W, *args], check=True, capture_output=True, text=True).stdout


def opening_games(tmp, scenario):
    base = os.path.join(tmp, f'{scenario}-seats.json')
    run('new', '--scenario', scenario, '--seed', '1', '-o', base, '--force')
    seats = json.load(open(base))['seats']
    save = os.path.join(tmp, f'{scenario}.json')
    run('new', '--scenario', scenario, '--seed', str(SEED), '--option', 'round-limit-10', '-o', save, '--force',
        '--seats', ','.join(f'{s}=bot:rules' for s in seats))
    subprocess.run([W, 'run', save], capture_output=True)
    return save


def round_one(save, tmp):
    game = json.load(open(save))
    actions = [a['action'] for a in game['actions']]
    end = next(i for i, a in enumerate(actions) if a.startswith(('slot ', 'move ', 'cancel ', 'draw ')) and i > 0
               and any(b.startswith('bid ') or b.startswith('to ') for b in actions[:i]))
    # The view when the sheets are written: the board the reasons are read from.
    cut = dict(game, actions=game['actions'][:end], state_hash='')
    at = os.path.join(tmp, 'cut.json')
    json.dump(cut, open(at, 'w'))
    view = json.loads(run('status', at, '--json'))
    view = view.get('view', view)
    return actions[:end], view


def reason(view, nation, alliance, command, to, sea_regions):
    holder = next((r['controller'] for r in view['regions'] if r['id'] == to), None)
    cat = next(c['category'] for c in view['commands'] if c['nation'] == nation and c['number'] == command)
    enemy_near = any(c['region'] == to and next(n['alliance'] for n in view['nations'] if n['id'] == c['nation']) != alliance
                     for c in view['commands'])
    if to in sea_regions:  # a sea holding enemy units is a battle there in Phase 4; air units land again in Phase 5
        if cat == 'land':
            return 'embark'
        return ('air_sea' if cat == 'air' else 'sea') + ('_battle' if enemy_near else '')
    if holder is None:
        return 'neutral'
    ally = next(n['alliance'] for n in view['nations'] if n['id'] == holder) == alliance
    if not ally:
        return 'air_attack' if cat == 'air' else 'attack'
    return 'reinforce' if enemy_near or any(r['id'] == to and r.get('embattled') for r in view['regions']) else 'move_up'


def main():
    layout = json.load(open(os.path.join(root, 'data/warroom/map.json')))
    sea_regions = {r['id'] for r in layout['regions'] if r['type'] == 'sea'}
    scenarios = [s['id'] for s in json.load(open(os.path.join(root, 'data/warroom/scenarios.json')))['scenarios']]
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for scenario in scenarios:
            actions, view = round_one(opening_games(tmp, scenario), tmp)
            for n in view['nations']:
                nation, alliance = n['id'], n['alliance']
                steps, selected, boxes, bid = [], None, [], 0
                for a in actions:
                    w = a.split(' ')
                    if w[1] != nation:
                        continue
                    if w[0] == 'shift':  # the same unit shifted again: one step with its count
                        last = steps[-1] if steps else {}
                        if last.get('do') == 'shift' and (last['from'], last['unit'], last['to']) == (int(w[2]), w[3], int(w[4])):
                            last['count'] += 1
                        else:
                            steps.append({'do': 'shift', 'from': int(w[2]), 'unit': w[3], 'count': 1, 'to': int(w[4]), 'why': 'merge'})
                    elif w[0] == 'select':
                        selected = int(w[2])
                    elif w[0] == 'to':
                        boxes.append((selected, w[2]))
                    elif w[0] == 'erase':
                        boxes.pop(int(w[2]) - 1)
                    elif w[0] == 'bid':
                        bid = int(w[2])
                for command, to in boxes:
                    steps.append({'do': 'order', 'command': command, 'to': to, 'why': reason(view, nation, alliance, command, to, sea_regions)})
                if bid:
                    steps.append({'do': 'bid', 'oil': bid, 'why': 'bid'})
                out.append({'scenario': scenario, 'nation': nation, 'steps': steps})
    doc = {
        'kind': 'warroom-openings',
        'provenance': 'reconstructed',
        'source': f"the project's: the rules bot's (bot:rules) round 1 in a game against itself (seed {SEED}), each step's reason "
                  "read from the board then; written by scripts/warroom-openings.py, checked legal by tests/warroom/opening_test.cpp",
        'openings': out,
    }
    with open(os.path.join(root, 'data/warroom/openings.json'), 'w') as f:
        json.dump(doc, f, indent=1)
        f.write('\n')


main()
