// The code's own style, so that formatting it changed as little as it could: single quotes, and
// otherwise Prettier's defaults (semicolons, trailing commas, parentheses around an arrow's
// parameter, double quotes in JSX), which the code already followed. 120 columns is the house
// limit of a line; scripts/line-length.mjs holds it where Prettier breaks nothing (a string, a
// comment, a template literal).
/** @type {import('prettier').Config} */
export default { printWidth: 120, singleQuote: true };
