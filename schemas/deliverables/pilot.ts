import { component } from '../common.js';
import { deliverable, list, nullableText, phase, record, releaseEntry, section, text, texts, ticket, userStory } from './parts.js';

/** The pilot crew's deliverables. */

export const prdSchema = component('DeliverablePrd', deliverable(
  'prd',
  record({ title: text, problem: texts, goals: texts, personas: texts, user_stories: list(userStory), requirements: texts, metrics: texts, open_questions: texts }),
  'A product requirements document.',
));

export const roadmapSchema = component('DeliverableRoadmap', deliverable('roadmap', record({ title: text, timeline: nullableText, phases: list(phase) }), 'A roadmap: phases with dates.'));

export const ticketSetSchema = component('DeliverableTicketSet', deliverable(
  'ticket_set',
  record({ title: text, estimate_unit: nullableText, tickets: list(ticket), user_stories: list(userStory) }),
  'A set of tracker tickets, each with acceptance criteria.',
));

export const releaseNotesSchema = component('DeliverableReleaseNotes', deliverable(
  'release_notes',
  record({ title: text, version: nullableText, date: nullableText, highlights: texts, entries: list(releaseEntry) }),
  'Release notes.',
));

export const technicalSpecSchema = component('DeliverableTechnicalSpec', deliverable(
  'technical_spec',
  record({ title: text, overview: text, goals: texts, design: list(section), interfaces: texts, risks: texts, open_questions: texts }),
  'A technical specification.',
));
