/** Failure analyzers: the "Description / Action" report of a JAZMIN application that fails to start. */
package io.jazmin.spring.boot.diagnostics;
