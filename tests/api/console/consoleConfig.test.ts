import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

/**
 * The console listener's variables (OPS_*). A production start here lacks other variables, so
 * each case reads the problems it is refused with and looks for its own, or for none naming it.
 */
function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

const development = (env: Record<string, string> = {}) => loadConfig({ APP_MODE: 'development', ...env });
const CONSOLE_URL = 'https://ops.wallet.example.ng';
const PRIVATE = '(127.0.0.1, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, fc00::/7)';
const hostProblem = (host: string) =>
  `OPS_HOST must be a loopback or private address in production ${PRIVATE}, not ${host}: ` +
  'the console is for staff only. Reach it through an SSH tunnel, a VPN or a private network';
const CLEAR_TEXT = 'OPS_PUBLIC_URL must be an https:// URL in production: its traffic would cross the network in clear';
const PROXY_FIX = 'Set the addresses or CIDR ranges of the proxies in front of the server (e.g. 10.0.0.0/8,192.0.2.10)';
const NOT_UNDERSTOOD =
  'OPS_TRUST_PROXY must be false or a comma list of proxy addresses and CIDR ranges; not understood:';

describe("the console listener's configuration", () => {
  // The attack: a production console on every interface or a public address: its sign-in open to
  // the internet, each staff password and code a guess away from every customer and the money.
  it('refuses, in production, OPS_HOST beyond loopback and the private networks, naming it', () => {
    const outside = ['0.0.0.0', '::', '203.0.113.7', '2001:db8::1', 'ops.example.ng', '172.32.0.1', '169.254.10.1'];
    for (const host of outside) {
      expect(problemsOf({ OPS_HOST: host, OPS_PUBLIC_URL: CONSOLE_URL }), host).toContain(hostProblem(host));
    }
    const inside = ['127.0.0.1', '::1', 'localhost', '10.1.2.3', '172.16.0.5', '192.168.1.10', '100.100.1.1', 'fd12::'];
    for (const host of inside) {
      expect(problemsOf({ OPS_HOST: host, OPS_PUBLIC_URL: CONSOLE_URL }), host).not.toContain('OPS_HOST');
    }
    expect(problemsOf({})).not.toContain('OPS_');
    // Development listens where it is told (its own HOST rule keeps it on this machine).
    expect(development({ OPS_HOST: '0.0.0.0' }).config.ops.host).toBe('0.0.0.0');
  });

  // The attack: staff passwords, their codes and their session tokens read on the wire.
  it('refuses, in production, an http:// OPS_PUBLIC_URL beyond loopback', () => {
    for (const url of ['http://ops.wallet.example.ng', 'http://10.0.0.5:3001']) {
      expect(problemsOf({ OPS_PUBLIC_URL: url }), url).toContain(CLEAR_TEXT);
    }
    for (const url of ['http://127.0.0.1:3001', 'http://localhost:3001', 'http://[::1]:3001', CONSOLE_URL]) {
      expect(problemsOf({ OPS_PUBLIC_URL: url }), url).not.toContain('OPS_');
    }
    const plain = 'http://ops.wallet.example.ng';
    expect(development({ OPS_PUBLIC_URL: plain }).config.ops.publicUrl).toBe(plain);
  });

  it('asks, in production, for the URL staff open the console at once it listens beyond loopback', () => {
    expect(problemsOf({ OPS_HOST: '10.0.0.5' })).toContain(
      'OPS_PUBLIC_URL must be set in production when OPS_HOST is beyond loopback (10.0.0.5): ' +
        'the console answers only the host staff open it at',
    );
    expect(problemsOf({ OPS_HOST: '10.0.0.5', OPS_PUBLIC_URL: CONSOLE_URL })).not.toContain('OPS_');
  });

  it.each([
    ['unset, whatever TRUST_PROXY says', { TRUST_PROXY: '10.0.0.0/8' }, false],
    ['false', { OPS_TRUST_PROXY: 'false' }, false],
    [
      'addresses and CIDR ranges',
      { OPS_TRUST_PROXY: '10.0.0.3, 192.168.0.0/16,fd00::/8,loopback' },
      ['10.0.0.3', '192.168.0.0/16', 'fd00::/8', 'loopback'],
    ],
  ])('reads OPS_TRUST_PROXY %s, apart from TRUST_PROXY', (_case, env, trustProxy) => {
    const { config } = development(env);
    expect(config.ops.trustProxy).toEqual(trustProxy);
    expect(development({ OPS_TRUST_PROXY: '10.0.0.3' }).config.trustProxy).toBe(false);
  });

  // The attack: a console proxy setting that believes every hop, or whoever connects directly:
  // any client picks the audit's "from where" and a fresh address for each password it tries.
  it.each([
    ['true', 'OPS_TRUST_PROXY must not be true: that trusts every hop, so any client picks its own address'],
    ['1', 'OPS_TRUST_PROXY must not be a number of proxies: a hop count believes whoever connects directly'],
    ['yes', `${NOT_UNDERSTOOD} yes`],
    ['10.0.0.0/33', `${NOT_UNDERSTOOD} 10.0.0.0/33`],
  ])('refuses OPS_TRUST_PROXY=%s, saying why', (value, problem) => {
    const message = problemsOf({ APP_MODE: 'development', OPS_TRUST_PROXY: value });
    expect(message).toContain(problem);
    if (value === 'true' || value === '1') expect(message).toContain(PROXY_FIX);
  });
});
