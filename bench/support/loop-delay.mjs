// Loaded into the benched server with --import (bench/remessa-upload.mjs): every 100 ms, appends to
// LOOP_DELAY_FILE a line "<Date.now()> <longest event-loop delay of those 100 ms, in ms>", from
// Node's own histogram (perf_hooks.monitorEventLoopDelay). The longest delay is the longest stretch
// of synchronous work: what any request arriving then waited, whatever else the machine was doing.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    fs.appendFileSync(file, `${Date.now()} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 100);
  timer.unref();
}
