import { localFolderPlugin } from '../shared/localFolderPlugin.js';
import { notionBackend } from './notion.js';

/** Notes workspace (writer): `save_to_notes` saves the outcome as a page; local folder by default, Notion with `"provider": "notion"`. */
export const notesPlugin = localFolderPlugin({ id: 'notes', kind: 'notes workspace', displayName: 'Notes workspace', crews: ['writer'], flag: 'save_to_notes', noun: 'page', vendor: notionBackend });
