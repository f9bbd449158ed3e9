const t0=process.hrtime.bigint(); const cpu0=process.cpuUsage();
await import(process.argv[2]);
const c=process.cpuUsage(cpu0);
console.log(process.argv[2].padEnd(50), 'wall', (Number(process.hrtime.bigint()-t0)/1e6).toFixed(0), 'cpu', ((c.user+c.system)/1000).toFixed(0));
