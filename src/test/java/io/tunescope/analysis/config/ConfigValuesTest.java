package io.tunescope.analysis.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConfigValuesTest {

    @Test
    void byteSizesAreWrittenAsPeopleReadThem() {
        assertEquals("128 MiB", ConfigValues.readable("innodb_buffer_pool_size", "134217728"));
        assertEquals("1.5 GiB", ConfigValues.readable("innodb_buffer_pool_size", "1610612736"));
        assertEquals("96 MiB", ConfigValues.readable("innodb-log-file-size", "100663296"));
        assertEquals("64 MiB", ConfigValues.readable("max_allowed_packet", "67108864"));
        assertEquals("2 GiB", ConfigValues.readable("innodb_redo_log_capacity", "2147483648"));
        assertEquals("256 KiB", ConfigValues.readable("mysqld.sort_buffer_size", "262144"));
        assertEquals("512", ConfigValues.readable("sort_buffer_size", "512"), "under 1 KiB as captured");
        assertEquals("9223372036854775807", ConfigValues.readable("aria_max_sort_file_size", "9223372036854775807"), "no-limit sentinel");
        assertEquals("128M", ConfigValues.readable("innodb_buffer_pool_size", "128M"), "as written in my.cnf");
    }

    @Test
    void countsAndRatesAreNotBytes() {
        // innodb_io_capacity is I/O operations per second: 4000 is not "3.9 KiB"
        assertEquals("4000", ConfigValues.readable("innodb_io_capacity", "4000"));
        assertEquals("8000", ConfigValues.readable("innodb_io_capacity_max", "8000"));
        assertEquals("2048", ConfigValues.readable("thread_cache_size", "2048"));
        assertEquals("2000", ConfigValues.readable("host_cache_size", "2000"));
        assertEquals("10000", ConfigValues.readable("performance_schema_digests_size", "10000"));
        assertEquals("1", ConfigValues.readable("vm.swappiness", "1"));
        assertFalse(ConfigValues.isByteSize("innodb_flush_log_at_trx_commit"));
        assertTrue(ConfigValues.isByteSize("tmp_table_size"));
        assertEquals("ON", ConfigValues.readable("innodb_log_file_buffering", "ON"));
    }
}
