/** Enabling JAZMIN repositories: the annotation, its registrar and the configuration extension. */
package io.jazmin.spring.data.repository.config;
