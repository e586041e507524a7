import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createBackup } from '../modules/backup/backup.ts';

/** npm run backup -- <arquivo> [--no-encryption] [--with-files] (docs/backups.md). */
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'no-encryption': { type: 'boolean' }, 'with-files': { type: 'boolean' } },
  });
  const [target] = positionals;
  if (!target || positionals.length > 1) throw new Error('Uso: npm run backup -- <arquivo> [--no-encryption] [--with-files]');
  const config = loadConfig();
  const passphrase = values['no-encryption'] ? null : config.backup.passphrase;
  if (passphrase === null && !values['no-encryption'])
    throw new Error(
      'BACKUP_PASSPHRASE não está definida: o backup contém as chaves privadas da instalação e é cifrado com essa senha. ' +
        'Defina-a (e guarde-a fora do servidor), ou use --no-encryption para um arquivo sem cifra.',
    );
  if (values['with-files'] && !config.s3)
    throw new Error('--with-files só vale com S3_BUCKET: sem ele os arquivos de DATA_DIR já vão no backup.');
  const result = await createBackup({ config, target: path.resolve(target), passphrase, withFiles: values['with-files'] });
  console.log(
    `Backup gravado em ${result.arquivo}: ${(result.tamanho / 1024 / 1024).toFixed(1)} MB, ${result.partes} partes, ` +
      `migração ${result.migracoes.at(-1) ?? '-'}${passphrase ? ', cifrado (AES-256-GCM)' : ', SEM cifra'}.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
