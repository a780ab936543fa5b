/**
 * Spring Batch over JAZMIN files: {@link io.jazmin.spring.batch.JazminItemReader} streams a file's
 * entities into a step (restartable), {@link io.jazmin.spring.batch.JazminItemWriter} writes each
 * chunk as one durable change; both are built with their builders. Needs
 * {@code spring-batch-infrastructure} on the class path.
 */
package io.jazmin.spring.batch;
