/**
 * Copies the media of a server that ran with STORAGE=local into S3-compatible buckets, before switching
 * it to STORAGE=s3 (docs/decisions/0004-media-storage.md):
 *
 *   STORAGE=s3 S3_ENDPOINT=… S3_BUCKET=… S3_IDENTITY_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… npm run media:migrate
 *
 * Reads the local folders the server uses (DATA_DIR, MEDIA_DIR), copies what the buckets lack, checks
 * every file, and tells the operator what to do next. Run it again at any time: what is there already
 * with its size is skipped. Exits 0 when everything is in the buckets, 1 otherwise, 2 without settings.
 */
import { loadConfig, missingS3Settings } from '../src/config.js';
import { migrateToS3 } from '../src/media/migrate-to-s3.js';
import { createS3Client } from '../src/media/s3-store.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const missing = missingS3Settings(config.storage);
  if (config.storage.kind !== 's3' || missing.length > 0) {
    console.error(`media:migrate copia a S3: hacen falta STORAGE=s3 y ${missing.length > 0 ? missing.join(', ') : 'los ajustes S3_*'}.`);
    return 2;
  }
  const { storage } = config;
  const client = createS3Client(storage);
  console.log(`Copiando ${config.mediaDir}, ${config.uploadDir}/jobs y ${config.identityDir} a ${storage.bucket} y ${storage.identityBucket}…`);
  const report = await migrateToS3(
    { mediaDir: config.mediaDir, uploadDir: config.uploadDir, identityDir: config.identityDir },
    { client, bucket: storage.bucket, identityBucket: storage.identityBucket },
    (line) => console.log(`  ${line}`),
  );
  client.destroy();
  for (const file of report.ignored) console.log(`  no es multimedia, se deja: ${file}`);
  if (report.missing.length > 0) {
    console.error(`Faltan ${report.missing.length} archivos en el bucket tras copiar (p. ej. ${report.missing[0]}). Vuelve a ejecutar media:migrate.`);
    return 1;
  }
  console.log(`Listo: ${report.copied} copiados, ${report.skipped} ya estaban; todos comprobados en el bucket.`);
  console.log(
    'Siguiente paso: detén los servidores, ejecuta media:migrate otra vez (copia solo lo nuevo), arranca con STORAGE=s3 y ' +
      'los mismos ajustes S3_*. Las carpetas locales no se borran: quítalas cuando el servidor funcione con S3.',
  );
  return 0;
}

process.exitCode = await main();
