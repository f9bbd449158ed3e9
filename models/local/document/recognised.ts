import type { DeliverableKind } from '../../../schemas/deliverables/index.js';
import type { FollowUp } from './followUp.js';
import type { PriceChange } from './priceChange.js';
import type { OverdueInvoice } from './overdueInvoice.js';

/** What a request asks for: the deliverable and what it is about (never the deliverable's own name). */
export interface Recognised {
  kind: DeliverableKind;
  /** "driver app 2.3", "composting in small apartments", "SMS appointment reminders". */
  subject: string;
  /** Who it is for, when the brief or requirements.audience says. */
  audience?: string;
  /** Social networks asked for (social posts only). */
  networks: string[];
  /** True when the subject is the statement the ask passes on ("the office is closed on Friday"), not a topic. */
  stated?: boolean;
  /** True when the ask names no subject of its own ("Summarise this: ..."): titles use the deliverable's name. */
  generic?: boolean;
  /** The sentences of an answer to a message the brief carries ("reply saying ..."): the email's whole body. */
  reply?: string[];
  /** The closing line a message for a purpose takes ("Please reply to let us know whether you can come."). */
  callToAction?: string;
  /** An FAQ page (a documentation page of questions and answers): "FAQ for our gym", "frequently asked questions about ...". */
  faq?: boolean;
  /** A job ad (a blog post of the role): "job ad for a senior backend engineer"; the subject is the role. */
  jobAd?: boolean;
  /** A press release (a blog post of the news): "press release: we just raised a seed round"; the subject is the news. */
  pressRelease?: boolean;
  /** A cover letter (an email to a hiring manager): "cover letter for a junior data analyst role at Acme"; the subject is the role and company. */
  coverLetter?: boolean;
  /** A bio (a blog post without sections): "short speaker bio for Maya Chen"; the subject is the person. */
  bio?: boolean;
  /** A product description (landing copy of the product): "product description for our new standing desk"; the subject is the product. */
  productDescription?: boolean;
  /** A meeting's agenda (mind's process plan of the meeting's items): "agenda for monday's planning meeting". */
  agenda?: boolean;
  /** A project's plan (pilot's roadmap of steps): "plan the migration of our billing service to AWS", "launch plan for the app". */
  projectPlan?: boolean;
  /** The reply was asked to apologise: it opens with an apology for what the message answered complains of. */
  apologise?: boolean;
  /** A follow-up on something that happened ("follow-up email after the demo with acme"): what and with whom (build/followUp.ts). */
  followUp?: FollowUp;
  /** A checklist or to-do list: the tasks to tick off (checklist.ts); the subject is the list as named ("onboarding checklist for new engineers"). */
  checklist?: boolean;
  /** The two people an introduction email introduces: the notes' lines about each are said of them. */
  introduced?: [string, string];
  /** A price change the ask states ("pro plan goes from $20 to $25 on march 1"): an email says it (build/priceChange.ts). */
  priceChange?: PriceChange;
  /** An unpaid invoice the ask chases ("invoice #1042 for $3,200 is 30 days overdue"): an email reminds of it (build/invoiceReminder.ts). */
  overdueInvoice?: OverdueInvoice;
  /** A QA test plan: test cases with steps and expected results (testPlan.ts); the subject is what is tested. */
  testPlan?: boolean;
  /** Pros and cons of something (mind's analysis in two sides): "pros and cons of moving to a 4 day week" (build/prosCons.ts). */
  prosCons?: boolean;
  /** The risks of a plan (mind's analysis as a risk list): "what are the risks here" (build/risks.ts). */
  risks?: boolean;
  /** A synthesis of interviews (mind's analysis in themes): "summarize these customer interviews" (build/interviews.ts). */
  interviews?: boolean;
  /** A sprint plan (pilot's ticket set with owners and estimates): "sprint plan for next 2 weeks: ..." (build/sprintPlan.ts). */
  sprintPlan?: boolean;
  /** User stories with acceptance criteria (pilot's ticket set of stories): "user stories for the new invoice export: ..." (build/userStories.ts). */
  userStories?: boolean;
  /** One bug ticket from a message (pilot's ticket set of one): "turn this slack message into a bug report: '...'" (build/bugReport.ts). */
  bugReport?: boolean;
  /** What kind of plan it was asked as, when named: "launch" of "launch plan for the pricing page". */
  planKind?: string;
}
