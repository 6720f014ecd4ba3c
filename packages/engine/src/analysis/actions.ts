// The player's moves the analysis values. Apart from hand-ev.ts so that what only names them (the
// web table's move list) does not import the exact analysis (docs/decisions/0036).
export type PlayerAction = 'stand' | 'hit' | 'double' | 'split' | 'surrender';
export const PLAYER_ACTIONS: readonly PlayerAction[] = ['stand', 'hit', 'double', 'split', 'surrender'];
