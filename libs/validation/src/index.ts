export * from './limits.js';
export * from './messages.js';
export * from './keystroke-filters.js';
export * from './amount.js';
export * from './password.js';
export * from './breached-password.js';
export * from './dynamic-form.js';
export { characterCount } from './characters.js';
export {
  CONTROL_CHARACTER,
  controlCharacterField,
  controlCharacterProblem,
  hasControlCharacter,
  LONE_SURROGATE,
} from './control-characters.js';
export * from './money.js';
export * from './rate-card.js';
