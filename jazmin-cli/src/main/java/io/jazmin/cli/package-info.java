/**
 * The {@code jazmin} command line (picocli): one class per command (inspect, rows, find, count, explain,
 * convert, append, delete, compact, storage, keygen), the shared file and secret options, and the error
 * reporting that maps failures to exit codes without ever printing a secret.
 */
package io.jazmin.cli;
