// One game, written once and played both in Node and in the browser pages of
// play-in-browser.mjs: the bots and a random playout of the engine, then the final state as JSON.
// The modules come in as arguments so that each side can load the package its own way.
export function playGame(api, bots, engine) {
  const { applyMove, createGame, loadState, renderAscii, scoreFinal } = api;
  api.useExpansions(api.abbot, api.tradersBuilders, api.innsCathedrals);
  let state = createGame({ players: ['Ann', 'Bob'], seed: 'browser', expansions: ['abbot'] });
  let moves = 0;
  while (state.status === 'playing') {
    const bot = state.currentPlayer === 0 ? bots.greedyBot(state) : bots.mctsBot(state, { iterations: 40 });
    state = applyMove(state, bot);
    moves++;
  }
  const saved = JSON.stringify(state);
  if (JSON.stringify(loadState(JSON.parse(saved))) !== saved) throw new Error('the finished state does not survive a JSON round trip');
  const playout = engine.Engine.create({ players: 3, seed: 'playout', expansions: ['traders-builders', 'inns-cathedrals'] });
  engine.randomPlayout(playout, engine.seededRandom(1));
  return { moves, state: saved, scores: scoreFinal(state).scores, board: renderAscii(state), playout: playout.scores() };
}
