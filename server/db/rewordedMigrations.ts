import { createHash } from 'node:crypto';

/**
 * Migrations whose comments were reworded after they were released, their SQL unchanged. A
 * database that applied one stored the checksum of its earlier text, so `migrate` would refuse
 * it as changed; instead it accepts that earlier checksum when the file's statements (the text
 * without its comment lines) still hash as they did, and records the new checksum. Anything
 * else that differs is still refused: a released migration's statements never change.
 */
export const REWORDED_MIGRATIONS: Readonly<Record<number, { before: string; statements: string }>> = {
  4: {
    before: '717e73102ed63b87769c5ac7967b452ed28dfbacd7246199af1d0a1af6482867',
    statements: '603f32cdc5f1e3eeaf20dd6914a3a398cac427fbf2866c44581d68e0b4b5f4b0',
  },
  5: {
    before: '6a8752930b089bc9eb9187e3692e04ce3637a77a38a16aa1320a3d5269e4d045',
    statements: '04159787a6ced8601d10ca01209780e7ebdc91e54b0220af31ff53d04a59b796',
  },
  6: {
    before: '9d4fa9c915d7be691d8fc26fdae79fd06a416839b214f5f333ff48efc8d62906',
    statements: '0a618a352ed3bc3416895e73774b5508f248a48f4ad9433d75b2f25d24e155b4',
  },
  8: {
    before: 'c54d1d899224e3a3bbeaaa89cabb59675c875b7826418636238b168abd697341',
    statements: 'b8511f3f63c62040ef3e105fc07fdf54e06df37e8ad17d11d8a8cbcafa6fab28',
  },
  9: {
    before: '902e535510caac18c89545a88c31439dd557608de5496d4b7a3b989a6600cecf',
    statements: '7d7345bd7238eb6daf8303fa5bf070048e5156ec2d30e79b00d87eae5b48162b',
  },
  11: {
    before: 'eb5b033bbd1f71f880445ccac24e73d11288c9b559f6146925e7aa486c3603a9',
    statements: '61b2ae13c0058f90906286d34cbc26629eefe1d415908b75d0e0b500c6219385',
  },
  13: {
    before: '574df94046d497ef1f7356ec6648c0673e4a78d65602d66fbcbcee7d8f80ef0e',
    statements: 'a095c5d7b08e9485b3b4b2b0c94413f1ac6831f14d42ec114500f8e2676455a4',
  },
  14: {
    before: 'ddfbc1fa1bc073d58154f3762f4dc46fc58546ab456afa98d3c6dfcfb420cea0',
    statements: 'aea3a5b283218837711f18f97966a1449f83cd61dab0337d5cdb81f94e782867',
  },
  15: {
    before: '86e76b744534fe948e4b8c5929078014c9d41bb2857aa1949fdb7c7e5245ede3',
    statements: 'e1aeaaad829f0bb1cf1aa81acc66ac1e04ac30467e3094b89bc5ca816003ef02',
  },
  16: {
    before: '3253ddc5a54872ddcd66d515fe5412c247c618edcb3582d0902a54e28e699b73',
    statements: '0267839f69132992efd500a146f326fe1ba59927575050b7919d510506078d9e',
  },
  17: {
    before: '59984a740f9ebf2d72d368d7147dfc6726c8a133fa97a68af00b550185b7806f',
    statements: '10ecf08721b98bcf01639f2a21ba2b1a36f444fc8630e88507c78080cb7bcbdf',
  },
  18: {
    before: '2bb71c0a14aec3adcf2c2f8d913ec859cbf7add27ca6e75ad59e1b0ab187fa98',
    statements: '6c4ae62254f26a72f540b5953fbbe11ceeb54fabef60abc45ea0480f2e8bf081',
  },
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The checksum of a migration's statements alone: its text without the lines that are only a comment. */
export function statementsChecksum(text: string): string {
  return sha256(
    text
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('--'))
      .join('\n'),
  );
}

/**
 * Whether `stored` is the checksum of an earlier wording of migration `version`, whose statements
 * `text` keeps unchanged.
 */
export function isEarlierWording(version: number, stored: string, text: string): boolean {
  const reworded = REWORDED_MIGRATIONS[version];
  return reworded !== undefined && stored === reworded.before && statementsChecksum(text) === reworded.statements;
}
