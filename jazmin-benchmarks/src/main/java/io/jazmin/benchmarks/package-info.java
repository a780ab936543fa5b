/**
 * JMH benchmarks of the engine against Jackson, SQLite and MessagePack on the published benchmark data, with
 * the preparation that checks every contender gives the same answers before anything is timed.
 */
package io.jazmin.benchmarks;
