/** TypeScript shapes of the deliverable schemas (parts.ts, writer.ts, mind.ts, pilot.ts); kept in step by test/schemas/deliverables.test.ts. */

export interface Section { heading: string; body: string[] }
export interface Decision { text: string; source: string | null }
export interface ActionItemData { owner: string | null; task: string; due: string | null }
export interface UserStoryData { persona: string; want: string; benefit: string | null }
export interface Estimate { value: number; unit: string }
export interface TicketData { title: string; description: string; acceptance_criteria: string[]; estimate: Estimate | null }
export interface PhaseData { name: string; dates: string | null; items: string[] }
export type ReleaseEntryType = 'feature' | 'improvement' | 'fix' | 'breaking' | 'security' | 'other';
export interface ReleaseEntry { type: ReleaseEntryType; text: string; reference: string | null }
export type MetricStatus = 'on_track' | 'at_risk' | 'off_track' | 'unknown';
export interface MetricData { name: string; current: string | null; target: string | null; due: string | null; status: MetricStatus }
export type Priority = 'high' | 'medium' | 'low';
export interface RankedItem { rank: number; item: string; priority: Priority; reason: string | null }
export interface StepData { instruction: string; detail: string | null; command: string | null }

export interface DeliverableData {
  blog_post: { title: string; lede: string; sections: Section[]; call_to_action: string | null };
  social_posts: { posts: Array<{ network: string; text: string; hashtags: string[]; max_characters: number }> };
  newsletter: { title: string; intro: string; items: Section[]; call_to_action: string | null };
  documentation_page: { title: string; summary: string; prerequisites: string[]; steps: StepData[]; sections: Section[] };
  how_to: { title: string; summary: string; you_need: string[]; steps: StepData[]; tips: string[] };
  email: { subject: string; greeting: string; body: string[]; call_to_action: string; sign_off: string };
  landing_copy: { headline: string; subheadline: string; benefits: Array<{ title: string; text: string }>; proof: string[]; call_to_action: string };
  meeting_summary: { title: string; date: string | null; summary: string[]; decisions: Decision[]; action_items: ActionItemData[]; risks: string[]; open_questions: string[] };
  status_review: { title: string; period: string | null; metrics: MetricData[]; highlights: string[]; risks: string[]; action_items: ActionItemData[] };
  analysis: { title: string; subject: 'backlog' | 'incident' | 'general'; findings: Array<{ finding: string; evidence: string | null }>; causes: string[]; recommendations: Array<{ text: string; priority: Priority }>; action_items: ActionItemData[] };
  process_plan: { title: string; goal: string; steps: Array<{ step: string; owner: string | null; due: string | null }>; risks: string[]; measures: string[] };
  retro: { title: string; went_well: string[]; to_improve: string[]; action_items: ActionItemData[] };
  priority_ranking: { title: string; criteria: string[]; items: RankedItem[] };
  prd: { title: string; problem: string[]; goals: string[]; personas: string[]; user_stories: UserStoryData[]; requirements: string[]; metrics: string[]; open_questions: string[] };
  roadmap: { title: string; timeline: string | null; phases: PhaseData[] };
  ticket_set: { title: string; estimate_unit: string | null; tickets: TicketData[]; user_stories: UserStoryData[] };
  release_notes: { title: string; version: string | null; date: string | null; highlights: string[]; entries: ReleaseEntry[] };
  technical_spec: { title: string; overview: string; goals: string[]; design: Section[]; interfaces: string[]; risks: string[]; open_questions: string[] };
}

/** `result.metadata.deliverable` of one kind. */
export type Deliverable<K extends keyof DeliverableData = keyof DeliverableData> = { [P in K]: { kind: P; data: DeliverableData[P] } }[K];
