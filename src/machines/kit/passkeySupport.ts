/**
 * What the views may ask of the browser about passkeys (whether to draw a passkey button at all):
 * the check lives with the ceremonies (src/api/kit/webauthn.ts), which views do not import.
 */
export { passkeysSupported } from '../../api/kit/webauthn';
