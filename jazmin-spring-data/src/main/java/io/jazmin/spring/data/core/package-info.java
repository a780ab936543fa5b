/** The template over configured JAZMIN files: file definitions, reader pooling, writes through the engine's change API, exception translation and observation. */
package io.jazmin.spring.data.core;
