// The mark beside a datum the project reconstructed (not printed in the rulebook): the same
// "reconstructed" word and explanation wherever a title shows one (docs/data.md, provenance).
import { escape } from './api';
import { t } from './i18n';

export const reconstructedMark = (provenance: string | undefined): string =>
  provenance === 'reconstructed'
    ? `<span class="prov reconstructed" title="${escape(t('ui.web.reconstructed_title'))}">${escape(t('ui.web.reconstructed'))}</span>`
    : '';
