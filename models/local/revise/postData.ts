import type { DeliverableValue } from './outcome.js';
import { syncSplitPosts } from './splitPost.js';

/**
 * A single social post's data read again from the revised document: its text is the document and
 * its hashtags those it ends with, so an integration that publishes `posts[0].text` publishes what
 * the person approved ("remove the emoji", "say 'we' not 'I'"), not the first draft.
 */
export function syncPost(deliverable: DeliverableValue, revised: string): boolean {
  // A post split in several ("split this into two posts") is one post of the data each.
  if (syncSplitPosts(deliverable, revised)) return true;
  const posts = deliverable.data.posts;
  if (deliverable.kind !== 'social_posts' || !Array.isArray(posts) || posts.length !== 1) return false;
  const post = posts[0] as Record<string, unknown>;
  post.text = revised.trim();
  if (Array.isArray(post.hashtags)) post.hashtags = revised.match(/(?<![\w#])#\w+/g) ?? [];
  return true;
}
