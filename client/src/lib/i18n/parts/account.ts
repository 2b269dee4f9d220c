// The login page's words in every language, one chunk each (see ../index.ts, TEXT_PARTS).
import type { PartLoaders, PartModule } from '../index';

const loaders: PartLoaders = import.meta.glob<PartModule>('../locales/*.json', {
  query: '?part=account',
});
export default loaders;
