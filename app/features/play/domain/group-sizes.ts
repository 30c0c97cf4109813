// The sizes groups into a knockout take: what the creation form and its
// schema need, apart from the groups' draw and tables (groups.ts), so a
// form that only offers them does not load those.
export const MIN_GROUPS_PLAYERS = 6;
export const MAX_GROUPS_PLAYERS = 128;
export const GROUP_SIZE = { min: 3, max: 8, default: 4 } as const;
export const ADVANCE_PER_GROUP = { min: 1, max: 4, default: 2 } as const;
