/** The template over configured JAZMIN files: file definitions, reader pooling, atomic rewrites, exception translation and observation. */
package io.jazmin.spring.data.core;
