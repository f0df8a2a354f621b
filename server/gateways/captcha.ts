/**
 * Checks a bot-check token from the browser. Resolves false for a token the service rejects;
 * rejects with a GatewayError when the service cannot give an answer.
 */
export interface CaptchaVerifier {
  verify(token: string, remoteIp?: string): Promise<boolean>;
}
