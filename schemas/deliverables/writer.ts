import { component } from '../common.js';
import { deliverable, list, nullableText, record, section, step, text, texts } from './parts.js';

/** The writer crew's deliverables. */

export const blogPostSchema = component('DeliverableBlogPost', deliverable('blog_post', record({ title: text, lede: text, sections: list(section), call_to_action: nullableText }), 'A blog post.'));

export const socialPostsSchema = component('DeliverableSocialPosts', deliverable(
  'social_posts',
  record({
    posts: list(record({ network: text, text, hashtags: texts, max_characters: { type: 'integer', description: 'The network\'s length limit the text keeps within.' } })),
  }),
  'Social posts, one per network, each within its network\'s length.',
));

export const newsletterSchema = component('DeliverableNewsletter', deliverable('newsletter', record({ title: text, intro: text, items: list(section), call_to_action: nullableText }), 'A newsletter issue.'));

export const documentationPageSchema = component('DeliverableDocumentationPage', deliverable(
  'documentation_page',
  record({ title: text, summary: text, prerequisites: texts, steps: list(step), sections: list(section) }),
  'A documentation or install page.',
));

export const howToSchema = component('DeliverableHowTo', deliverable('how_to', record({ title: text, summary: text, you_need: texts, steps: list(step), tips: texts }), 'A how-to guide.'));

export const emailSchema = component('DeliverableEmail', deliverable(
  'email',
  record({ subject: text, greeting: text, body: texts, call_to_action: text, sign_off: text }),
  'An email with a subject line and a call to action.',
));

export const landingCopySchema = component('DeliverableLandingCopy', deliverable(
  'landing_copy',
  record({ headline: text, subheadline: text, benefits: list(record({ title: text, text })), proof: texts, call_to_action: text }),
  'Landing-page copy.',
));
