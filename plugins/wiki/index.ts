import { localFolderPlugin } from '../shared/localFolderPlugin.js';
import { confluenceBackend } from './confluence.js';

/** Wiki (pilot): `save_to_wiki` saves the outcome as a wiki page; local folder by default, Confluence with `"provider": "confluence"`. */
export const wikiPlugin = localFolderPlugin({ id: 'wiki', kind: 'wiki', displayName: 'Wiki', crews: ['pilot'], flag: 'save_to_wiki', noun: 'article', vendor: confluenceBackend });
