/** See preact-lacks.js. */
export declare const PREACT_LACKS: { react: readonly string[]; 'react-dom': readonly string[] };
