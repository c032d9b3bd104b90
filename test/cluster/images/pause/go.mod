module interconnect-test.dev/cluster/images/pause

go 1.22
