import type { ChatApi, ChatMessage } from './chatApi.js';
import { ChatApiError } from './chatApiError.js';
import { plainText } from './messageFilter.js';

/**
 * The text stored for one message: its plain text, followed (with `includeFiles`) by the text of
 * each attached file under a `[file name]` line. Invariant: a file the bot cannot download (any
 * ChatApiError but `failed`) is left out and the message is still stored; an outage fails the call.
 */
export async function messageText(api: ChatApi, message: ChatMessage, includeFiles: boolean): Promise<string> {
  let text = plainText(message.text ?? '');
  if (includeFiles) {
    for (const file of message.files ?? []) {
      const fileText = await api.fileText(file).catch((error: unknown) => {
        // A file the bot cannot download is left out; the message itself is still stored.
        if (error instanceof ChatApiError && error.kind !== 'failed') return null;
        throw error;
      });
      if (fileText) text += `\n\n[file ${file.name}]\n${fileText}`;
    }
  }
  return text;
}
