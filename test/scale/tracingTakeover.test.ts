import { postgresTest } from '../helpers/postgres.js';
import { startOtlpReceiver } from '../helpers/otlpReceiver.js';
import { until } from '../helpers/until.js';
import { allCompleted, deploy, leaseCluster, owners, underWay } from './leasesCluster.js';

postgresTest('an outcome taken over from a killed process continues its trace on the process that took it', async (t) => {
  const otlp = await startOtlpReceiver();
  t.teardown(() => otlp.close());
  const cluster = await leaseCluster(t, { CREWD_LEASE_MS: '1500', CREWD_LOCAL_MODEL_DELAY_MS: '300', OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '20' });
  const a = await cluster.start();
  const b = await cluster.start();
  const ids = await deploy(t, a, 3);
  await underWay(a, ids[0]!);
  const ownerA = (await owners(cluster.db, ids))[0]!.owner;
  await cluster.stop(a.child, 'SIGKILL');
  // Taken over with a stage still to run: B restores the stored state, so an outcome stored past its
  // last stage (finishing its result when A died) is completed by B without a stage span of B's.
  const stageToRun = /^(queued|processing\.(step|stage))$/;
  const taken = (await owners(cluster.db, ids)).filter((row) => row.status === 'active' && row.owner === ownerA && stageToRun.test(row.state_value)).map((row) => row.id);
  t.true(taken.length > 0, 'some outcomes have a stage left to run when A dies');
  await allCompleted(t, b, ids);

  const spansOf = (id: string) => otlp.spans.filter((span) => span.attributes['crewd.outcome.id'] === id);
  for (const id of taken) {
    // The deploy span was made (and exported) by A; B's stage spans of the same outcome follow it.
    const deploySpan = await until(() => spansOf(id).find((span) => span.name.startsWith('deploy ')), `${id}: its deploy span`);
    const byB = await until(() => {
      const spans = spansOf(id).filter((span) => span.resource['service.instance.id'] !== deploySpan.resource['service.instance.id'] && span.attributes['gen_ai.operation.name'] === 'invoke_agent' && span.status.code === 1);
      return spans.length > 0 ? spans : undefined;
    }, `${id}: stage spans from the process that took it over`);
    for (const span of byB) {
      t.is(span.traceId, deploySpan.traceId, `${id}: the same trace on the other process`);
      t.is(span.parentSpanId, deploySpan.spanId);
    }
    t.deepEqual(new Set(spansOf(id).map((span) => span.traceId)), new Set([deploySpan.traceId]), `${id}: one trace id`);
  }
});
