/**
 * The sample Spring Boot application: customers kept in an encrypted local JAZMIN file, written on first start
 * and served over HTTP through a {@code JazminRepository}.
 */
package io.jazmin.sample;
