import { localFolderPlugin } from '../shared/localFolderPlugin.js';
import { googleDriveBackend } from './googleDrive.js';

/** Cloud drive (writer): `save_to_drive` saves the outcome; local folder by default, Google Drive with `"provider": "google"`. */
export const drivePlugin = localFolderPlugin({ id: 'drive', kind: 'cloud drive', displayName: 'Cloud drive', crews: ['writer'], flag: 'save_to_drive', noun: 'document', vendor: googleDriveBackend });
