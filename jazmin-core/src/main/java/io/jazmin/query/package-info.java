/**
 * Typed queries on mapped records and POJOs: conditions, orders and projections written against
 * the type's accessors ({@code Customer::age}), with no generated code.
 *
 * <p>{@link io.jazmin.query.Query} resolves each accessor ({@link io.jazmin.query.Accessor}, read once
 * per call site from its serialized form) to the column the type's {@link io.jazmin.mapping.JazminMapper}
 * stores it in, and compiles the conditions ({@link io.jazmin.query.Where}, {@link io.jazmin.query.Field},
 * {@link io.jazmin.query.Condition}) and the order ({@link io.jazmin.query.Order}) to the engine's
 * {@link io.jazmin.data.Filter} and {@link io.jazmin.data.RowQuery} while it is built, where misuse is an
 * {@link io.jazmin.query.InvalidQueryException}. Running it is running that filter and row query:
 * the same plans, indexes and column pruning.
 */
package io.jazmin.query;
