import { localFolderPlugin } from '../shared/localFolderPlugin.js';

/** Cloud drive (writer): `save_to_drive` saves the outcome as a document; local-folder backend. */
export const drivePlugin = localFolderPlugin({ id: 'drive', kind: 'cloud drive', displayName: 'Cloud drive', crews: ['writer'], flag: 'save_to_drive', noun: 'document' });
