import { parentPort } from 'node:worker_threads';
import type { BuildAnswer, BuildRequest } from './line-builder.ts';
import { lineMessage } from './remessa-line-message.ts';
import { FileColumns } from './remessa-rows.ts';

/**
 * The line builder's thread (line-builder.ts): a batch file's lines made into messages by the same
 * pure function the worker calls (lineMessage: the variables, then the sanitiser), and sent back.
 * It reads and writes nothing else.
 */
const port = parentPort;
if (port) {
  port.on('message', (req: BuildRequest) => {
    let answer: BuildAnswer;
    try {
      const cols = new FileColumns(req.header);
      answer = {
        id: req.id,
        built: req.lines.map((l) => {
          const template = req.templates[l.template];
          if (!template) throw new Error(`line ${l.lin_numero}: no template ${l.template}`);
          return [l.lin_numero, lineMessage(l.cells, cols, template, req.customFields, req.publicUrl)];
        }),
      };
    } catch (error) {
      answer = { id: req.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
  port.postMessage({ ready: true });
}
