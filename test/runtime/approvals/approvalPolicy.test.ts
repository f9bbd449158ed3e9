import test from 'ava';
import { effectivePolicy } from '../../../runtime/approvals/approvalPolicy.js';
import { ServiceError } from '../../../runtime/errors.js';

test('a deploy alone: defaults filled, no approval point means no wait, before_integrations only with flags', (t) => {
  t.is(effectivePolicy(null, undefined, true), null);
  t.deepEqual(effectivePolicy(null, { before_completion: true }, false), { before_integrations: false, before_completion: true, expires_in_hours: 72, on_expiry: 'reject' });
  t.is(effectivePolicy(null, { before_integrations: true }, false), null, 'nothing to hold back');
  t.like(effectivePolicy(null, { before_integrations: true, on_expiry: 'approve', expires_in_hours: 5 }, true), { before_integrations: true, on_expiry: 'approve', expires_in_hours: 5 });
});

test('a workspace policy is inherited and may be tightened, never loosened', (t) => {
  const workspace = { before_integrations: false, before_completion: true, expires_in_hours: 24, on_expiry: 'reject' as const };
  t.like(effectivePolicy(workspace, undefined, false), { before_completion: true, expires_in_hours: 24 });
  t.like(effectivePolicy(workspace, { before_integrations: true, expires_in_hours: 2 }, true), { before_integrations: true, before_completion: true, expires_in_hours: 2 });
  for (const [asked, field] of [
    [{ before_completion: false }, 'approvals.before_completion'],
    [{ expires_in_hours: 48 }, 'approvals.expires_in_hours'],
    [{ on_expiry: 'approve' as const }, 'approvals.on_expiry'],
  ] as const) {
    const error = t.throws(() => effectivePolicy(workspace, asked, true)) as ServiceError;
    t.is(error.status, 400);
    t.like(error.details, { field, reason: 'loosens_workspace_policy' });
  }
  const entry = t.throws(() => effectivePolicy(workspace, { before_completion: false }, false, 'crews[1].approvals')) as ServiceError;
  t.is(entry.details.field, 'crews[1].approvals.before_completion');
  t.like(effectivePolicy({ ...workspace, on_expiry: 'approve' }, { on_expiry: 'reject' }, false), { on_expiry: 'reject' }, 'reject on expiry is tighter');
});
