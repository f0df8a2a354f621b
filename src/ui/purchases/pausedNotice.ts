import type { ProductPause } from '../../../core/contract';
import type { Translator } from '../../../core/i18n/words';
import type { ServiceEntry } from '../../../core/services';
import { pausedNoticeWording } from '../../domain/purchases/pausedNotice';

/** A paused product's notice on its screen, in the reader's language (domain/purchases/pausedNotice.ts). */
export function pausedNotice(t: Translator['t'], service: ServiceEntry, provider: string, pause: ProductPause): string {
  const wording = pausedNoticeWording(service, provider, pause);
  if (typeof wording === 'string') return wording;
  return 'words' in wording ? t(wording.words, wording.values) : t(wording);
}
